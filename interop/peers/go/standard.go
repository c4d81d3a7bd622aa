package main

import (
	"bytes"
	"fmt"

	testcp "capstan.interop/gopeer/build-out/gen/capnp"
)

// fillStandard writes the README's standard TestAllTypes value into s.
func fillStandard(s testcp.TestAllTypes) error {
	s.SetBoolField(true)
	s.SetInt8Field(-123)
	s.SetInt16Field(-12345)
	s.SetInt32Field(-12345678)
	s.SetInt64Field(-123456789012345)
	s.SetUInt8Field(234)
	s.SetUInt16Field(45678)
	s.SetUInt32Field(3456789012)
	s.SetUInt64Field(12345678901234567890)
	s.SetFloat32Field(1234.5)
	s.SetFloat64Field(-1.25e47)
	if err := s.SetTextField("foo"); err != nil {
		return err
	}
	if err := s.SetDataField([]byte("bar")); err != nil {
		return err
	}
	sub, err := s.NewStructField()
	if err != nil {
		return err
	}
	if err := sub.SetTextField("nested"); err != nil {
		return err
	}
	sub.SetInt32Field(42)
	s.SetEnumField(testcp.TestEnum_corge)

	bl, err := s.NewBoolList(4)
	if err != nil {
		return err
	}
	for i, v := range []bool{true, false, false, true} {
		bl.Set(i, v)
	}
	il, err := s.NewInt32List(2)
	if err != nil {
		return err
	}
	il.Set(0, 12345)
	il.Set(1, -67890)
	fl, err := s.NewFloat64List(2)
	if err != nil {
		return err
	}
	fl.Set(0, 1.5)
	fl.Set(1, -2.25)
	tl, err := s.NewTextList(2)
	if err != nil {
		return err
	}
	for i, v := range []string{"plugh", "xyzzy"} {
		if err := tl.Set(i, v); err != nil {
			return err
		}
	}
	dl, err := s.NewDataList(2)
	if err != nil {
		return err
	}
	for i, v := range []string{"a", "bc"} {
		if err := dl.Set(i, []byte(v)); err != nil {
			return err
		}
	}
	sl, err := s.NewStructList(2)
	if err != nil {
		return err
	}
	for i, v := range []string{"x", "y"} {
		if err := sl.At(i).SetTextField(v); err != nil {
			return err
		}
	}
	el, err := s.NewEnumList(2)
	if err != nil {
		return err
	}
	el.Set(0, testcp.TestEnum_foo)
	el.Set(1, testcp.TestEnum_garply)
	return nil
}

// checkStandard reports the first field of s that differs from the standard value.
func checkStandard(s testcp.TestAllTypes) error {
	mismatch := func(field string, got, want any) error {
		return fmt.Errorf("%s is %v, want %v", field, got, want)
	}
	if !s.IsValid() {
		return fmt.Errorf("struct is null")
	}
	if v := s.BoolField(); v != true {
		return mismatch("boolField", v, true)
	}
	if v := s.Int8Field(); v != -123 {
		return mismatch("int8Field", v, -123)
	}
	if v := s.Int16Field(); v != -12345 {
		return mismatch("int16Field", v, -12345)
	}
	if v := s.Int32Field(); v != -12345678 {
		return mismatch("int32Field", v, -12345678)
	}
	if v := s.Int64Field(); v != -123456789012345 {
		return mismatch("int64Field", v, -123456789012345)
	}
	if v := s.UInt8Field(); v != 234 {
		return mismatch("uint8Field", v, 234)
	}
	if v := s.UInt16Field(); v != 45678 {
		return mismatch("uint16Field", v, 45678)
	}
	if v := s.UInt32Field(); v != 3456789012 {
		return mismatch("uint32Field", v, 3456789012)
	}
	if v := s.UInt64Field(); v != 12345678901234567890 {
		return mismatch("uint64Field", v, uint64(12345678901234567890))
	}
	if v := s.Float32Field(); v != 1234.5 {
		return mismatch("float32Field", v, 1234.5)
	}
	if v := s.Float64Field(); v != -1.25e47 {
		return mismatch("float64Field", v, -1.25e47)
	}
	if v, err := s.TextField(); err != nil || v != "foo" {
		return mismatch("textField", fmt.Sprintf("%q (%v)", v, err), `"foo"`)
	}
	if v, err := s.DataField(); err != nil || !bytes.Equal(v, []byte("bar")) {
		return mismatch("dataField", fmt.Sprintf("%q (%v)", v, err), `"bar"`)
	}
	sub, err := s.StructField()
	if err != nil {
		return fmt.Errorf("structField: %w", err)
	}
	if v, err := sub.TextField(); err != nil || v != "nested" {
		return mismatch("structField.textField", fmt.Sprintf("%q (%v)", v, err), `"nested"`)
	}
	if v := sub.Int32Field(); v != 42 {
		return mismatch("structField.int32Field", v, 42)
	}
	if v := s.EnumField(); v != testcp.TestEnum_corge {
		return mismatch("enumField", v, testcp.TestEnum_corge)
	}

	bl, err := s.BoolList()
	if err != nil {
		return fmt.Errorf("boolList: %w", err)
	}
	wantB := []bool{true, false, false, true}
	if bl.Len() != len(wantB) {
		return mismatch("boolList length", bl.Len(), len(wantB))
	}
	for i, w := range wantB {
		if bl.At(i) != w {
			return mismatch(fmt.Sprintf("boolList[%d]", i), bl.At(i), w)
		}
	}
	il, err := s.Int32List()
	if err != nil {
		return fmt.Errorf("int32List: %w", err)
	}
	wantI := []int32{12345, -67890}
	if il.Len() != len(wantI) {
		return mismatch("int32List length", il.Len(), len(wantI))
	}
	for i, w := range wantI {
		if il.At(i) != w {
			return mismatch(fmt.Sprintf("int32List[%d]", i), il.At(i), w)
		}
	}
	fl, err := s.Float64List()
	if err != nil {
		return fmt.Errorf("float64List: %w", err)
	}
	wantF := []float64{1.5, -2.25}
	if fl.Len() != len(wantF) {
		return mismatch("float64List length", fl.Len(), len(wantF))
	}
	for i, w := range wantF {
		if fl.At(i) != w {
			return mismatch(fmt.Sprintf("float64List[%d]", i), fl.At(i), w)
		}
	}
	tl, err := s.TextList()
	if err != nil {
		return fmt.Errorf("textList: %w", err)
	}
	wantT := []string{"plugh", "xyzzy"}
	if tl.Len() != len(wantT) {
		return mismatch("textList length", tl.Len(), len(wantT))
	}
	for i, w := range wantT {
		if v, err := tl.At(i); err != nil || v != w {
			return mismatch(fmt.Sprintf("textList[%d]", i), fmt.Sprintf("%q (%v)", v, err), fmt.Sprintf("%q", w))
		}
	}
	dl, err := s.DataList()
	if err != nil {
		return fmt.Errorf("dataList: %w", err)
	}
	wantD := []string{"a", "bc"}
	if dl.Len() != len(wantD) {
		return mismatch("dataList length", dl.Len(), len(wantD))
	}
	for i, w := range wantD {
		if v, err := dl.At(i); err != nil || string(v) != w {
			return mismatch(fmt.Sprintf("dataList[%d]", i), fmt.Sprintf("%q (%v)", v, err), fmt.Sprintf("%q", w))
		}
	}
	sl, err := s.StructList()
	if err != nil {
		return fmt.Errorf("structList: %w", err)
	}
	wantS := []string{"x", "y"}
	if sl.Len() != len(wantS) {
		return mismatch("structList length", sl.Len(), len(wantS))
	}
	for i, w := range wantS {
		if v, err := sl.At(i).TextField(); err != nil || v != w {
			return mismatch(fmt.Sprintf("structList[%d].textField", i), fmt.Sprintf("%q (%v)", v, err), fmt.Sprintf("%q", w))
		}
	}
	el, err := s.EnumList()
	if err != nil {
		return fmt.Errorf("enumList: %w", err)
	}
	wantE := []testcp.TestEnum{testcp.TestEnum_foo, testcp.TestEnum_garply}
	if el.Len() != len(wantE) {
		return mismatch("enumList length", el.Len(), len(wantE))
	}
	for i, w := range wantE {
		if el.At(i) != w {
			return mismatch(fmt.Sprintf("enumList[%d]", i), el.At(i), w)
		}
	}
	return nil
}
