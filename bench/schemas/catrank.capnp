# The cat-rank workload of the reference benchmark suite: the server re-scores search results
# by whether their snippets mention cats or dogs, and sorts them.
@0xb1a2c3d4e5f60714;

using Cxx = import "/capnp/c++.capnp";
$Cxx.namespace("bench");

struct SearchResultList {
  results @0 :List(SearchResult);
}

struct SearchResult {
  url @0 :Text;
  score @1 :Float64;
  snippet @2 :Text;
}
