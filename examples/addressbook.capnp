# The example schema of Capstan's docs and demo: people with phone numbers and a job.
@0xa7c3d5e9f1b2c4d6;

struct Person {
  id @0 :UInt32;
  name @1 :Text;
  email @2 :Text;
  phones @3 :List(PhoneNumber);

  struct PhoneNumber {
    number @0 :Text;
    type @1 :Type = mobile;

    enum Type {
      mobile @0;
      home @1;
      work @2;
    }
  }

  employment :union {
    unemployed @4 :Void;
    employer @5 :Text;
    school @6 :Text;
    selfEmployed @7 :Void;
  }

  birthday @8 :Date;
  tags @9 :List(Text);
}

struct Date {
  year @0 :Int16;
  month @1 :UInt8;
  day @2 :UInt8;
}

struct AddressBook {
  people @0 :List(Person);
  # Everyone in the book, in the order they were added.
}
