# The "news" document: a front page with highlights and stories with comments (about 46 KB as
# JSON). The same shape as bench/lib/news.mjs generates.
@0xb1a2c3d4e5f60711;

using Cxx = import "/capnp/c++.capnp";
$Cxx.namespace("bench");

struct News {
  date @0 :Text;
  highlights @1 :List(Link);
  stories @2 :List(Story);
}

struct Link {
  title @0 :Text;
  link @1 :Text;
}

struct Story {
  title @0 :Text;
  link @1 :Text;
  comments @2 :List(Comment);
}

struct Comment {
  id @0 :Text;
  text @1 :Text;
  link @2 :Text;
}
