//! The standard `TestAllTypes` value of interop/README.md: writing it, and checking a value
//! against it.

use crate::test_capnp::{test_all_types, TestEnum};

/// Writes the standard value into `b`.
pub fn fill(mut b: test_all_types::Builder<'_>) {
    b.set_void_field(());
    b.set_bool_field(true);
    b.set_int8_field(-123);
    b.set_int16_field(-12345);
    b.set_int32_field(-12345678);
    b.set_int64_field(-123456789012345);
    b.set_u_int8_field(234);
    b.set_u_int16_field(45678);
    b.set_u_int32_field(3456789012);
    b.set_u_int64_field(12345678901234567890);
    b.set_float32_field(1234.5);
    b.set_float64_field(-1.25e47);
    b.set_text_field("foo");
    b.set_data_field(b"bar");
    {
        let mut s = b.reborrow().init_struct_field();
        s.set_text_field("nested");
        s.set_int32_field(42);
    }
    b.set_enum_field(TestEnum::Corge);
    {
        let mut l = b.reborrow().init_bool_list(4);
        for (i, v) in [true, false, false, true].into_iter().enumerate() {
            l.set(i as u32, v);
        }
    }
    {
        let mut l = b.reborrow().init_int32_list(2);
        l.set(0, 12345);
        l.set(1, -67890);
    }
    {
        let mut l = b.reborrow().init_float64_list(2);
        l.set(0, 1.5);
        l.set(1, -2.25);
    }
    {
        let mut l = b.reborrow().init_text_list(2);
        l.set(0, "plugh");
        l.set(1, "xyzzy");
    }
    {
        let mut l = b.reborrow().init_data_list(2);
        l.set(0, b"a");
        l.set(1, b"bc");
    }
    {
        let mut l = b.reborrow().init_struct_list(2);
        l.reborrow().get(0).set_text_field("x");
        l.reborrow().get(1).set_text_field("y");
    }
    {
        let mut l = b.reborrow().init_enum_list(2);
        l.set(0, TestEnum::Foo);
        l.set(1, TestEnum::Garply);
    }
}

fn text(r: capnp::Result<capnp::text::Reader<'_>>) -> Result<String, String> {
    let t = r.map_err(|e| e.to_string())?;
    t.to_string().map_err(|e| e.to_string())
}

fn same<T: PartialEq + std::fmt::Debug>(name: &str, got: T, want: T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{name} is {got:?}, expected {want:?}"))
    }
}

/// Checks every field that the standard value sets.
pub fn check(r: test_all_types::Reader<'_>) -> Result<(), String> {
    let e = |e: capnp::Error| e.to_string();
    same("boolField", r.get_bool_field(), true)?;
    same("int8Field", r.get_int8_field(), -123)?;
    same("int16Field", r.get_int16_field(), -12345)?;
    same("int32Field", r.get_int32_field(), -12345678)?;
    same("int64Field", r.get_int64_field(), -123456789012345)?;
    same("uint8Field", r.get_u_int8_field(), 234)?;
    same("uint16Field", r.get_u_int16_field(), 45678)?;
    same("uint32Field", r.get_u_int32_field(), 3456789012)?;
    same("uint64Field", r.get_u_int64_field(), 12345678901234567890)?;
    same("float32Field", r.get_float32_field().to_bits(), 1234.5f32.to_bits())?;
    same("float64Field", r.get_float64_field().to_bits(), (-1.25e47f64).to_bits())?;
    same("textField", text(r.get_text_field())?, "foo".to_string())?;
    same("dataField", r.get_data_field().map_err(e)?, &b"bar"[..])?;
    if !r.has_struct_field() {
        return Err("structField is unset".into());
    }
    let s = r.get_struct_field().map_err(e)?;
    same("structField.textField", text(s.get_text_field())?, "nested".to_string())?;
    same("structField.int32Field", s.get_int32_field(), 42)?;
    same(
        "enumField",
        r.get_enum_field().map_err(|x| x.to_string())?,
        TestEnum::Corge,
    )?;
    let l = r.get_bool_list().map_err(e)?;
    same("boolList", l.iter().collect::<Vec<_>>(), vec![true, false, false, true])?;
    let l = r.get_int32_list().map_err(e)?;
    same("int32List", l.iter().collect::<Vec<_>>(), vec![12345, -67890])?;
    let l = r.get_float64_list().map_err(e)?;
    same(
        "float64List",
        l.iter().map(f64::to_bits).collect::<Vec<_>>(),
        vec![1.5f64.to_bits(), (-2.25f64).to_bits()],
    )?;
    let l = r.get_text_list().map_err(e)?;
    let mut texts = Vec::new();
    for t in l.iter() {
        texts.push(text(t)?);
    }
    same("textList", texts, vec!["plugh".to_string(), "xyzzy".to_string()])?;
    let l = r.get_data_list().map_err(e)?;
    let mut datas = Vec::new();
    for d in l.iter() {
        datas.push(d.map_err(e)?.to_vec());
    }
    same("dataList", datas, vec![b"a".to_vec(), b"bc".to_vec()])?;
    let l = r.get_struct_list().map_err(e)?;
    let mut structs = Vec::new();
    for s in l.iter() {
        structs.push(text(s.get_text_field())?);
    }
    same("structList textFields", structs, vec!["x".to_string(), "y".to_string()])?;
    let l = r.get_enum_list().map_err(e)?;
    let mut enums = Vec::new();
    for v in l.iter() {
        enums.push(v.map_err(|x| x.to_string())?);
    }
    same("enumList", enums, vec![TestEnum::Foo, TestEnum::Garply])?;
    Ok(())
}
