// Capstan RPC interop peer for the C++ reference library (libcapnp 0.9.2).
//
//   peer server 127.0.0.1:PORT          serve a fresh Interop per connection
//   peer client 127.0.0.1:PORT [name..] run client scenarios against a server
//
// The behaviour of both sides is specified in interop/README.md.

#include "interop.capnp.h"

#include <capnp/message.h>
#include <capnp/rpc-twoparty.h>
#include <capnp/rpc.h>
#include <kj/async-io.h>
#include <kj/debug.h>
#include <kj/string.h>
#include <kj/time.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

namespace t = capnproto_test::capnp::test;

// =====================================================================================
// The standard TestAllTypes value.

void fillStandard(t::TestAllTypes::Builder b) {
  b.setVoidField();
  b.setBoolField(true);
  b.setInt8Field(-123);
  b.setInt16Field(-12345);
  b.setInt32Field(-12345678);
  b.setInt64Field(-123456789012345ll);
  b.setUInt8Field(234u);
  b.setUInt16Field(45678u);
  b.setUInt32Field(3456789012u);
  b.setUInt64Field(12345678901234567890ull);
  b.setFloat32Field(1234.5f);
  b.setFloat64Field(-1.25e47);
  b.setTextField("foo");
  b.setDataField(kj::StringPtr("bar").asBytes());
  {
    auto s = b.initStructField();
    s.setTextField("nested");
    s.setInt32Field(42);
  }
  b.setEnumField(t::TestEnum::CORGE);
  {
    auto l = b.initBoolList(4);
    l.set(0, true); l.set(1, false); l.set(2, false); l.set(3, true);
  }
  {
    auto l = b.initInt32List(2);
    l.set(0, 12345); l.set(1, -67890);
  }
  {
    auto l = b.initFloat64List(2);
    l.set(0, 1.5); l.set(1, -2.25);
  }
  {
    auto l = b.initTextList(2);
    l.set(0, "plugh"); l.set(1, "xyzzy");
  }
  {
    auto l = b.initDataList(2);
    l.set(0, kj::StringPtr("a").asBytes());
    l.set(1, kj::StringPtr("bc").asBytes());
  }
  {
    auto l = b.initStructList(2);
    l[0].setTextField("x");
    l[1].setTextField("y");
  }
  {
    auto l = b.initEnumList(2);
    l.set(0, t::TestEnum::FOO);
    l.set(1, t::TestEnum::GARPLY);
  }
}

// Returns null when `r` equals the standard value, else a description of the first mismatch.
kj::Maybe<kj::String> diffStandard(t::TestAllTypes::Reader r) {
#define EXPECT_FIELD(cond) \
  if (!(cond)) return kj::str("field check failed: " #cond)
  auto bytesEq = [](capnp::Data::Reader d, const char* s) {
    return d == kj::StringPtr(s).asBytes();
  };
  EXPECT_FIELD(r.getBoolField() == true);
  EXPECT_FIELD(r.getInt8Field() == -123);
  EXPECT_FIELD(r.getInt16Field() == -12345);
  EXPECT_FIELD(r.getInt32Field() == -12345678);
  EXPECT_FIELD(r.getInt64Field() == -123456789012345ll);
  EXPECT_FIELD(r.getUInt8Field() == 234u);
  EXPECT_FIELD(r.getUInt16Field() == 45678u);
  EXPECT_FIELD(r.getUInt32Field() == 3456789012u);
  EXPECT_FIELD(r.getUInt64Field() == 12345678901234567890ull);
  EXPECT_FIELD(r.getFloat32Field() == 1234.5f);
  EXPECT_FIELD(r.getFloat64Field() == -1.25e47);
  EXPECT_FIELD(r.getTextField() == "foo");
  EXPECT_FIELD(bytesEq(r.getDataField(), "bar"));
  EXPECT_FIELD(r.hasStructField());
  EXPECT_FIELD(r.getStructField().getTextField() == "nested");
  EXPECT_FIELD(r.getStructField().getInt32Field() == 42);
  EXPECT_FIELD(r.getEnumField() == t::TestEnum::CORGE);
  {
    auto l = r.getBoolList();
    EXPECT_FIELD(l.size() == 4 && l[0] && !l[1] && !l[2] && l[3]);
  }
  {
    auto l = r.getInt32List();
    EXPECT_FIELD(l.size() == 2 && l[0] == 12345 && l[1] == -67890);
  }
  {
    auto l = r.getFloat64List();
    EXPECT_FIELD(l.size() == 2 && l[0] == 1.5 && l[1] == -2.25);
  }
  {
    auto l = r.getTextList();
    EXPECT_FIELD(l.size() == 2 && l[0] == "plugh" && l[1] == "xyzzy");
  }
  {
    auto l = r.getDataList();
    EXPECT_FIELD(l.size() == 2 && bytesEq(l[0], "a") && bytesEq(l[1], "bc"));
  }
  {
    auto l = r.getStructList();
    EXPECT_FIELD(l.size() == 2 && l[0].getTextField() == "x" && l[1].getTextField() == "y");
  }
  {
    auto l = r.getEnumList();
    EXPECT_FIELD(l.size() == 2 && l[0] == t::TestEnum::FOO && l[1] == t::TestEnum::GARPLY);
  }
#undef EXPECT_FIELD
  return nullptr;
}

// =====================================================================================
// Server side.

// Number of capability objects (other than the bootstrap Interop) alive in this process.
uint32_t gLiveObjects = 0;

struct Counted {
  // Mixed into every counted server class: the count follows construction and destruction.
  Counted() { ++gLiveObjects; }
  ~Counted() noexcept(false) { --gLiveObjects; }
  KJ_DISALLOW_COPY(Counted);
};

kj::Promise<void> expectFoo(t::TestInterface::Client cap) {
  auto req = cap.fooRequest();
  req.setI(123);
  req.setJ(true);
  return req.send().then([](capnp::Response<t::TestInterface::FooResults>&& resp) {
    KJ_REQUIRE(resp.getX() == "foo", "callback's foo() returned the wrong text", resp.getX());
  });
}

class ServerCallOrder final: public t::TestCallOrder::Server, private Counted {
public:
  kj::Promise<void> getCallSequence(GetCallSequenceContext context) override {
    context.getResults().setN(seq++);
    return kj::READY_NOW;
  }
private:
  uint32_t seq = 0;
};

class ServerExtends final: public t::TestExtends::Server, private Counted {
public:
  kj::Promise<void> foo(FooContext context) override {
    auto p = context.getParams();
    KJ_REQUIRE(p.getI() == 321 && p.getJ() == false, "TestExtends.foo wants (321, false)",
               p.getI(), p.getJ());
    context.getResults().setX("bar");
    return kj::READY_NOW;
  }
  kj::Promise<void> qux(QuxContext context) override {
    return kj::READY_NOW;
  }
  kj::Promise<void> corge(CorgeContext context) override {
    auto p = context.getParams();
    KJ_REQUIRE(p.getInt32Field() == -12345678 && p.getTextField() == "foo",
               "corge() got an unexpected value");
    return kj::READY_NOW;
  }
  kj::Promise<void> grault(GraultContext context) override {
    fillStandard(context.getResults());
    return kj::READY_NOW;
  }
};

class ServerPipeline final: public t::TestPipeline::Server, private Counted {
public:
  kj::Promise<void> getCap(GetCapContext context) override {
    auto p = context.getParams();
    KJ_REQUIRE(p.getN() == 234, "getCap wants n == 234", p.getN());
    return expectFoo(p.getInCap()).then([context]() mutable {
      auto res = context.getResults();
      res.setS("bar");
      res.initOutBox().setCap(kj::heap<ServerExtends>());
    });
  }
  kj::Promise<void> getAnyCap(GetAnyCapContext context) override {
    auto p = context.getParams();
    KJ_REQUIRE(p.getN() == 234, "getAnyCap wants n == 234", p.getN());
    return expectFoo(p.getInCap().castAs<t::TestInterface>()).then([context]() mutable {
      auto res = context.getResults();
      res.setS("bar");
      t::TestInterface::Client ext = kj::heap<ServerExtends>();
      res.initOutBox().setCap(kj::mv(ext));
    });
  }
};

class ServerTailCallee final: public t::TestTailCallee::Server, private Counted {
public:
  kj::Promise<void> foo(FooContext context) override {
    auto p = context.getParams();
    auto res = context.getResults();
    res.setI(p.getI());
    res.setT(p.getT());
    res.setC(kj::heap<ServerCallOrder>());
    return kj::READY_NOW;
  }
};

class ServerTailCaller final: public t::TestTailCaller::Server, private Counted {
public:
  kj::Promise<void> foo(FooContext context) override {
    auto p = context.getParams();
    auto req = p.getCallee().fooRequest();
    req.setI(p.getI());
    req.setT("from TestTailCaller");
    return context.tailCall(kj::mv(req));
  }
};

class ServerStreaming final: public t::TestStreaming::Server, private Counted {
public:
  kj::Promise<void> doStreamI(DoStreamIContext context) override {
    totalI += context.getParams().getI();
    return kj::READY_NOW;
  }
  kj::Promise<void> doStreamJ(DoStreamJContext context) override {
    totalJ += context.getParams().getJ();
    return kj::READY_NOW;
  }
  kj::Promise<void> finishStream(FinishStreamContext context) override {
    auto res = context.getResults();
    res.setTotalI(totalI);
    res.setTotalJ(totalJ);
    return kj::READY_NOW;
  }
private:
  uint32_t totalI = 0;
  uint32_t totalJ = 0;
};

class ServerHandle final: public t::TestHandle::Server, private Counted {};

class ServerMoreStuff final: public t::TestMoreStuff::Server, private Counted {
public:
  kj::Promise<void> getCallSequence(GetCallSequenceContext context) override {
    context.getResults().setN(seq++);
    return kj::READY_NOW;
  }

  kj::Promise<void> callFoo(CallFooContext context) override {
    return expectFoo(context.getParams().getCap()).then([context]() mutable {
      context.getResults().setS("bar");
    });
  }

  kj::Promise<void> callFooWhenResolved(CallFooWhenResolvedContext context) override {
    auto cap = context.getParams().getCap();
    auto ready = cap.whenResolved();
    return ready.then([cap]() mutable { return expectFoo(kj::mv(cap)); })
        .then([context]() mutable { context.getResults().setS("bar"); });
  }

  kj::Promise<void> neverReturn(NeverReturnContext context) override {
    context.allowCancellation();
    // The held capability lives exactly as long as this never-settling promise.
    kj::Promise<void> forever = kj::NEVER_DONE;
    return forever.attach(context.getParams().getCap());
  }

  kj::Promise<void> expectCancel(ExpectCancelContext context) override {
    context.allowCancellation();
    kj::Promise<void> forever = kj::NEVER_DONE;
    return forever.attach(context.getParams().getCap());
  }

  kj::Promise<void> hold(HoldContext context) override {
    auto p = context.getParams();
    if (p.hasCap()) {
      held = p.getCap();
    } else {
      held = nullptr;  // releases whatever was held before
    }
    return kj::READY_NOW;
  }

  kj::Promise<void> callHeld(CallHeldContext context) override {
    KJ_IF_MAYBE(h, held) {
      return expectFoo(*h).then([context]() mutable { context.getResults().setS("bar"); });
    } else {
      return KJ_EXCEPTION(FAILED, "callHeld: nothing is held");
    }
  }

  kj::Promise<void> getHeld(GetHeldContext context) override {
    KJ_IF_MAYBE(h, held) {
      context.getResults().setCap(*h);
    }
    return kj::READY_NOW;
  }

  kj::Promise<void> echo(EchoContext context) override {
    context.getResults().setCap(context.getParams().getCap());
    return kj::READY_NOW;
  }

  kj::Promise<void> methodWithDefaults(MethodWithDefaultsContext context) override {
    auto p = context.getParams();
    context.getResults().setD(kj::str(p.getA(), p.getB(), p.getC()));
    return kj::READY_NOW;
  }

  kj::Promise<void> getHandle(GetHandleContext context) override {
    context.getResults().setHandle(kj::heap<ServerHandle>());
    return kj::READY_NOW;
  }

  kj::Promise<void> getNull(GetNullContext context) override {
    // Leaving the pointer unset sends a null capability.
    context.getResults();
    return kj::READY_NOW;
  }

  kj::Promise<void> throwException(ThrowExceptionContext context) override {
    return KJ_EXCEPTION(FAILED, "test exception");
  }

private:
  uint32_t seq = 0;
  kj::Maybe<t::TestInterface::Client> held;
};

class ServerInterop final: public Interop::Server {
public:
  kj::Promise<void> moreStuff(MoreStuffContext context) override {
    context.getResults().setCap(kj::heap<ServerMoreStuff>());
    return kj::READY_NOW;
  }
  kj::Promise<void> pipeline(PipelineContext context) override {
    context.getResults().setCap(kj::heap<ServerPipeline>());
    return kj::READY_NOW;
  }
  kj::Promise<void> tailCaller(TailCallerContext context) override {
    context.getResults().setCap(kj::heap<ServerTailCaller>());
    return kj::READY_NOW;
  }
  kj::Promise<void> tailCallee(TailCalleeContext context) override {
    context.getResults().setCap(kj::heap<ServerTailCallee>());
    return kj::READY_NOW;
  }
  kj::Promise<void> streaming(StreamingContext context) override {
    context.getResults().setCap(kj::heap<ServerStreaming>());
    return kj::READY_NOW;
  }
  kj::Promise<void> testExtends(TestExtendsContext context) override {
    context.getResults().setCap(kj::heap<ServerExtends>());
    return kj::READY_NOW;
  }
  kj::Promise<void> echoAllTypes(EchoAllTypesContext context) override {
    context.getResults().setValue(context.getParams().getValue());
    return kj::READY_NOW;
  }
  kj::Promise<void> liveObjects(LiveObjectsContext context) override {
    context.getResults().setCount(gLiveObjects);
    return kj::READY_NOW;
  }
};

// One accepted connection: the socket, its vat network, and an RPC system whose bootstrap is a
// fresh Interop.  Destroying it tears down everything the connection held.
struct Connection {
  kj::Own<kj::AsyncIoStream> stream;
  capnp::TwoPartyVatNetwork network;
  capnp::RpcSystem<capnp::rpc::twoparty::VatId> rpc;

  explicit Connection(kj::Own<kj::AsyncIoStream>&& s)
      : stream(kj::mv(s)),
        network(*stream, capnp::rpc::twoparty::Side::SERVER),
        rpc(capnp::makeRpcServer(network, kj::heap<ServerInterop>())) {}
};

class LogErrors final: public kj::TaskSet::ErrorHandler {
public:
  void taskFailed(kj::Exception&& e) override {
    KJ_LOG(WARNING, "connection task failed", e);
  }
};

kj::Promise<void> acceptLoop(kj::ConnectionReceiver& listener, kj::TaskSet& tasks) {
  return listener.accept().then([&listener, &tasks](kj::Own<kj::AsyncIoStream>&& s) {
    auto conn = kj::heap<Connection>(kj::mv(s));
    auto done = conn->network.onDisconnect();
    tasks.add(done.attach(kj::mv(conn)));
    return acceptLoop(listener, tasks);
  });
}

int runServer(kj::StringPtr host, uint port) {
  auto io = kj::setupAsyncIo();
  auto addr = io.provider->getNetwork().parseAddress(host, port).wait(io.waitScope);
  auto listener = addr->listen();
  printf("listening %s:%u\n", host.cStr(), listener->getPort());
  fflush(stdout);

  LogErrors errors;
  kj::TaskSet tasks(errors);
  acceptLoop(*listener, tasks).wait(io.waitScope);
  return 0;
}

// =====================================================================================
// Client side.

struct Tracker {
  // What a client-hosted TestInterface reports.  Shared with the object, because the object may
  // outlive the scenario that made it (when a server fails to release it).
  uint calls = 0;
  bool destroyed = false;
};

class ClientTestInterface final: public t::TestInterface::Server {
  // A TestInterface hosted by the client; it counts calls and reports its destruction.
public:
  explicit ClientTestInterface(std::shared_ptr<Tracker> tracker): tracker(kj::mv(tracker)) {}
  ~ClientTestInterface() noexcept(false) { tracker->destroyed = true; }

  kj::Promise<void> foo(FooContext context) override {
    ++tracker->calls;
    auto p = context.getParams();
    KJ_REQUIRE(p.getI() == 123 && p.getJ() == true, "TestInterface.foo wants (123, true)",
               p.getI(), p.getJ());
    context.getResults().setX("foo");
    return kj::READY_NOW;
  }

private:
  std::shared_ptr<Tracker> tracker;
};

class ClientCallOrder final: public t::TestCallOrder::Server {
public:
  kj::Promise<void> getCallSequence(GetCallSequenceContext context) override {
    context.getResults().setN(seq++);
    return kj::READY_NOW;
  }
private:
  uint32_t seq = 0;
};

class ClientTailCallee final: public t::TestTailCallee::Server {
public:
  kj::Promise<void> foo(FooContext context) override {
    auto p = context.getParams();
    auto res = context.getResults();
    res.setI(p.getI());
    res.setT(p.getT());
    res.setC(kj::heap<ClientCallOrder>());
    return kj::READY_NOW;
  }
};

// What a scenario can use: the event loop, a timer, its deadline, and the bootstrap Interop.
struct Scope {
  kj::WaitScope& ws;
  kj::Timer& timer;
  kj::TimePoint deadline;
  Interop::Client interop;

  // Waits for `p`, but fails once the scenario's deadline has passed.
  template <typename T>
  T await(kj::Promise<T>&& p) {
    auto expire = timer.atTime(deadline).then([]() -> kj::Promise<T> {
      return KJ_EXCEPTION(FAILED, "timed out (scenario took more than 10 s)");
    });
    return p.exclusiveJoin(kj::mv(expire)).wait(ws);
  }
  template <typename T>
  capnp::Response<T> await(capnp::RemotePromise<T>&& p) {
    kj::Promise<capnp::Response<T>> plain = kj::mv(p);
    return await(kj::mv(plain));
  }

  void sleep(kj::Duration d) { await(timer.afterDelay(d)); }

  uint32_t liveObjects() {
    return await(interop.liveObjectsRequest().send()).getCount();
  }
};

// Fails the running scenario with a message (and the values of any further arguments).
#define CHECK(cond, ...) \
  do { if (!(cond)) KJ_FAIL_REQUIRE(__VA_ARGS__); } while (false)

t::TestMoreStuff::Client newMoreStuff(Scope& s) {
  return s.interop.moreStuffRequest().send().getCap();
}

capnp::RemotePromise<t::TestCallOrder::GetCallSequenceResults> callSeq(
    t::TestCallOrder::Client cap, uint32_t expected) {
  auto req = cap.getCallSequenceRequest();
  req.setExpected(expected);
  return req.send();
}

void scenarioBootstrap(Scope& s) {
  auto m = newMoreStuff(s);
  auto n = s.await(callSeq(m, 0)).getN();
  CHECK(n == 0, "getCallSequence(0) on a new TestMoreStuff", n);
}

void scenarioAllTypes(Scope& s) {
  auto req = s.interop.echoAllTypesRequest();
  fillStandard(req.initValue());
  auto resp = s.await(req.send());
  KJ_IF_MAYBE(problem, diffStandard(resp.getValue())) {
    KJ_FAIL_REQUIRE("echoAllTypes changed the value", *problem);
  }
}

void scenarioExtends(Scope& s) {
  auto e = s.interop.testExtendsRequest().send().getCap();
  {
    auto req = e.fooRequest();
    req.setI(321);
    req.setJ(false);
    auto x = s.await(req.send());
    CHECK(x.getX() == "bar", "foo(321, false)", x.getX());
  }
  {
    auto v = s.await(e.graultRequest().send());
    KJ_IF_MAYBE(problem, diffStandard(v)) {
      KJ_FAIL_REQUIRE("grault() did not return the standard value", *problem);
    }
  }
  {
    auto req = e.corgeRequest();
    fillStandard(req);
    s.await(req.send());
  }
}

void scenarioCallback(Scope& s) {
  auto tr = std::make_shared<Tracker>();
  auto m = newMoreStuff(s);
  auto req = m.callFooRequest();
  req.setCap(kj::heap<ClientTestInterface>(tr));
  auto resp = s.await(req.send());
  CHECK(resp.getS() == "bar", "callFoo", resp.getS());
  CHECK(tr->calls == 1, "the client's TestInterface should have been called once", tr->calls);
}

void scenarioPipelining(Scope& s) {
  auto tr = std::make_shared<Tracker>();
  auto p = s.interop.pipelineRequest().send().getCap();
  auto req = p.getCapRequest();
  req.setN(234);
  req.setInCap(kj::heap<ClientTestInterface>(tr));
  auto r = req.send();
  auto fooReq = r.getOutBox().getCap().fooRequest();
  fooReq.setI(321);
  fooReq.setJ(false);
  auto f = fooReq.send();

  auto fr = s.await(kj::mv(f));
  CHECK(fr.getX() == "bar", "pipelined outBox.cap.foo(321, false)", fr.getX());
  auto rr = s.await(kj::mv(r));
  CHECK(rr.getS() == "bar", "getCap().s", rr.getS());
  CHECK(tr->calls == 1, "the client's TestInterface should have been called once", tr->calls);
}

void scenarioHold(Scope& s) {
  auto tr = std::make_shared<Tracker>();
  auto m = newMoreStuff(s);
  {
    auto req = m.holdRequest();
    req.setCap(kj::heap<ClientTestInterface>(tr));
    s.await(req.send());
  }
  {
    auto resp = s.await(m.callHeldRequest().send());
    CHECK(resp.getS() == "bar", "callHeld", resp.getS());
  }
  {
    auto resp = s.await(m.getHeldRequest().send());
    auto held = resp.getCap();
    auto req = held.fooRequest();
    req.setI(123);
    req.setJ(true);
    auto x = s.await(req.send());
    CHECK(x.getX() == "foo", "getHeld().foo(123, true)", x.getX());
  }
  {
    auto req = m.holdRequest();  // cap left unset: a null capability
    s.await(req.send());
  }
}

void scenarioEmbargo(Scope& s) {
  auto m = newMoreStuff(s);
  t::TestCallOrder::Client c = kj::heap<ClientCallOrder>();

  auto early = callSeq(m, 0);
  auto echoReq = m.echoRequest();
  echoReq.setCap(c);
  auto echo = echoReq.send();
  auto pipe = echo.getCap();

  auto c0 = callSeq(pipe, 0);
  auto c1 = callSeq(pipe, 1);
  s.await(kj::mv(early));
  auto c2 = callSeq(pipe, 2);
  s.await(kj::mv(echo));
  auto c3 = callSeq(pipe, 3);
  auto c4 = callSeq(pipe, 4);
  auto c5 = callSeq(pipe, 5);

  uint32_t got[6] = {
    s.await(kj::mv(c0)).getN(), s.await(kj::mv(c1)).getN(), s.await(kj::mv(c2)).getN(),
    s.await(kj::mv(c3)).getN(), s.await(kj::mv(c4)).getN(), s.await(kj::mv(c5)).getN(),
  };
  for (uint32_t i = 0; i < 6; i++) {
    CHECK(got[i] == i, "call order broken", i, got[0], got[1], got[2], got[3], got[4], got[5]);
  }
}

void checkTail(Scope& s, capnp::Response<t::TestTailCallee::TailResult>& r, uint32_t i) {
  CHECK(r.getI() == i, "tail call result i", r.getI());
  CHECK(r.getT() == "from TestTailCaller", "tail call result t", r.getT());
  auto n = s.await(callSeq(r.getC(), 0)).getN();
  CHECK(n == 0, "c.getCallSequence(0)", n);
}

void scenarioTailCall(Scope& s) {
  {
    auto caller = s.interop.tailCallerRequest().send().getCap();
    auto req = caller.fooRequest();
    req.setI(456);
    req.setCallee(kj::heap<ClientTailCallee>());
    auto r = s.await(req.send());
    checkTail(s, r, 456);
  }
  {
    auto caller = s.interop.tailCallerRequest().send().getCap();
    auto callee = s.interop.tailCalleeRequest().send().getCap();
    auto req = caller.fooRequest();
    req.setI(789);
    req.setCallee(callee);
    auto r = s.await(req.send());
    checkTail(s, r, 789);
  }
}

void scenarioCancel(Scope& s) {
  auto tr = std::make_shared<Tracker>();
  auto m = newMoreStuff(s);
  {
    kj::Maybe<capnp::RemotePromise<t::TestMoreStuff::ExpectCancelResults>> pending;
    {
      auto req = m.expectCancelRequest();
      req.setCap(kj::heap<ClientTestInterface>(tr));
      pending = req.send();
    }
    // A later call on the same object returning means the first has been delivered.
    s.await(callSeq(m, 1));
    CHECK(!tr->destroyed, "X was released before the call was canceled");
    pending = nullptr;  // cancel
  }
  auto giveUp = s.timer.now() + 2 * kj::SECONDS;
  while (!tr->destroyed) {
    CHECK(s.timer.now() < giveUp, "server did not release X within 2 s of the cancellation");
    s.sleep(10 * kj::MILLISECONDS);
  }
}

void scenarioException(Scope& s) {
  auto m = newMoreStuff(s);
  kj::Promise<void> call = m.throwExceptionRequest().send().ignoreResult();
  KJ_IF_MAYBE(e, kj::runCatchingExceptions([&]() { s.await(kj::mv(call)); })) {
    auto d = e->getDescription();
    CHECK(strstr(d.cStr(), "test exception") != nullptr,
          "exception lacks 'test exception'", d);
  } else {
    KJ_FAIL_REQUIRE("throwException() returned normally");
  }
}

void scenarioStreaming(Scope& s) {
  auto st = s.interop.streamingRequest().send().getCap();
  for (uint32_t i = 0; i < 100; i++) {
    {
      auto req = st.doStreamIRequest();
      req.setI(i);
      // The promise resolves when flow control allows another call.
      s.await(req.send());
    }
    if (i < 50) {
      auto req = st.doStreamJRequest();
      req.setJ(i);
      s.await(req.send());
    }
  }
  auto r = s.await(st.finishStreamRequest().send());
  CHECK(r.getTotalI() == 4950 && r.getTotalJ() == 1225, "finishStream totals",
        r.getTotalI(), r.getTotalJ());
}

void scenarioNullCap(Scope& s) {
  auto m = newMoreStuff(s);
  auto r = s.await(m.getNullRequest().send());
  CHECK(!r.hasNullCap(), "getNull() returned a non-null pointer");
  auto n = r.getNullCap();
  kj::Promise<void> call = callSeq(n, 0).ignoreResult();
  KJ_IF_MAYBE(e, kj::runCatchingExceptions([&]() { s.await(kj::mv(call)); })) {
    (void)e;  // an error is what we want
  } else {
    KJ_FAIL_REQUIRE("a call on the null capability succeeded");
  }
}

void scenarioDefaults(Scope& s) {
  auto m = newMoreStuff(s);
  auto req = m.methodWithDefaultsRequest();
  req.setA("x");
  auto r = s.await(req.send());
  CHECK(r.getD() == "x123foo", "d", r.getD());
  CHECK(r.getE() == "bar", "e", r.getE());
}

void scenarioHandles(Scope& s) {
  auto m = newMoreStuff(s);
  s.await(callSeq(m, 0));  // make sure m exists before counting
  uint32_t before = s.liveObjects();
  {
    auto h1 = s.await(m.getHandleRequest().send());
    auto h2 = s.await(m.getHandleRequest().send());
    auto h3 = s.await(m.getHandleRequest().send());
    uint32_t during = s.liveObjects();
    CHECK(during >= before + 3, "liveObjects did not grow by 3", before, during);
  }
  auto giveUp = s.timer.now() + 2 * kj::SECONDS;
  for (;;) {
    uint32_t now = s.liveObjects();
    if (now == before) break;
    CHECK(s.timer.now() < giveUp, "liveObjects did not return to its earlier value",
          before, now);
    s.sleep(20 * kj::MILLISECONDS);
  }
}

// ---- e-order: random call sequences that only the embargoes keep in order ----
//
// The sequences of Capstan's client's `e-order` (interop/README.md), made by the reference
// library: here the C++ client keeps its own calls in order (its embargoes), and the server
// must echo, hold and hand back promises and the client's objects, and take the Disembargoes
// that come with them. CAPSTAN_E_ORDER_SEED repeats a run; CAPSTAN_E_ORDER_PROMISES=0 hands the
// server the client's objects only.

const uint E_ORDER_ROUNDS = 4;
const uint E_ORDER_STEPS = 80;

uint32_t eOrderSeed() {
  const char* given = getenv("CAPSTAN_E_ORDER_SEED");
  if (given != nullptr) return static_cast<uint32_t>(strtoul(given, nullptr, 10));
  return std::random_device()() % 1000000000u;
}

bool eOrderPromises() {
  const char* given = getenv("CAPSTAN_E_ORDER_PROMISES");
  return given == nullptr || strcmp(given, "0") != 0;
}

class SeededRandom {
  // mulberry32, the generator of Capstan's client: small, and a seed gives the same sequence.
public:
  explicit SeededRandom(uint32_t seed): state(seed) {}
  double next() {
    state += 0x6d2b79f5u;
    uint32_t t = state;
    t = (t ^ (t >> 15)) * (t | 1);
    t ^= t + (t ^ (t >> 7)) * (t | 61);
    return static_cast<double>(t ^ (t >> 14)) / 4294967296.0;
  }
  size_t below(size_t n) { return static_cast<size_t>(next() * n); }
private:
  uint32_t state;
};

struct OrderedPath {
  // A reference the round calls through, and its calls in the order made (null once canceled).
  std::string name;
  bool local;  // leads to one of the client's own objects
  t::TestCallOrder::Client cap;
  std::deque<kj::Maybe<kj::ForkedPromise<uint32_t>>> calls;
  // The reference this one was made from (echo, a promise of the client's, hold), if any.
  kj::Maybe<size_t> from = nullptr;
  // For `echo(X).cap`: the echo call's result, which a step may drop together with the
  // reference (the question is then finished, or canceled if it has not returned).
  kj::Maybe<kj::ForkedPromise<void>> result = nullptr;
  bool dropped = false;
  // A promise of the client's own that a step broke (rejected) instead of fulfilling.
  bool broke = false;
};

// Whether calls through paths[k] may fail: it, or a reference it was made from, was dropped, or
// was a promise of the client's that broke.
bool droppedUpstream(const std::deque<OrderedPath>& paths, size_t k) {
  for (;;) {
    if (paths[k].dropped || paths[k].broke) return true;
    KJ_IF_MAYBE(f, paths[k].from) { k = *f; } else { return false; }
  }
}

// Waits for `p` and forgets how it ended (a random wait only lets time pass; the end checks).
void settle(Scope& s, kj::Promise<void>&& p) {
  s.await(p.catch_([](kj::Exception&&) {}));
}

void eOrderRound(Scope& s, uint32_t seed, bool promises) {
  SeededRandom random(seed);
  uint32_t liveBefore = s.liveObjects();
  {
    const size_t localCount = 3;
    // Deques: these hold KJ types whose moves std::vector would not use (not noexcept).
    std::deque<OrderedPath> paths;
    std::vector<t::TestMoreStuff::Client> stuff;
    std::deque<kj::ForkedPromise<void>> held;
    std::deque<capnp::RemotePromise<t::TestMoreStuff::GetHandleResults>> handles;
    for (uint k = 0; k < localCount; k++) {
      paths.push_back({"C" + std::to_string(k), true, kj::heap<ClientCallOrder>(), {}});
    }
    for (uint i = 0; i < 2; i++) {
      stuff.push_back(newMoreStuff(s));
      paths.push_back({"m" + std::to_string(i), false, stuff.back(), {}});
    }
    // Promises the client makes itself (with `promises`): a capability that becomes one of the
    // references made before it once a later step fulfils it (or breaks: see `fulfil`). Handed to
    // the server, it goes out as a senderPromise and is settled by a Resolve: to one of the
    // server's own objects, the server must embargo the calls it had sent through it.
    struct Unfulfilled {
      kj::Own<kj::PromiseFulfiller<t::TestCallOrder::Client>> fulfiller;
      t::TestCallOrder::Client target;
      size_t path;  // the promise's own entry in `paths`
    };
    std::deque<Unfulfilled> unfulfilled;
    uint promiseCount = 0;
    // One in four breaks instead of being fulfilled: the server, which may hold or have echoed
    // it, gets a Resolve with an exception, and calls through it, or through what was made of
    // it, may fail.
    auto fulfil = [&](size_t k) {
      if (random.next() < 0.25) {
        paths[unfulfilled[k].path].broke = true;
        unfulfilled[k].fulfiller->reject(KJ_EXCEPTION(FAILED, "the client broke its promise"));
      } else {
        unfulfilled[k].fulfiller->fulfill(kj::mv(unfulfilled[k].target));
      }
      unfulfilled.erase(unfulfilled.begin() + k);
    };
    // The references that can still be called (not dropped), by index into `paths`.
    auto usable = [&](bool localOnly) {
      std::vector<size_t> found;
      for (size_t k = 0; k < paths.size(); k++) {
        if (!paths[k].dropped && (!localOnly || paths[k].local)) found.push_back(k);
      }
      return found;
    };
    for (uint step = 0; step < E_ORDER_STEPS; step++) {
      double r = random.next();
      if (r < 0.47) {
        auto candidates = usable(false);
        auto& path = paths[candidates[random.below(candidates.size())]];
        path.calls.push_back(callSeq(path.cap, 0).then([](auto&& response) {
          return response.getN();
        }).fork());
      } else if (r < 0.52) {
        auto candidates = usable(false);
        size_t g = candidates[random.below(candidates.size())];
        if (promises) {
          auto paf = kj::newPromiseAndFulfiller<t::TestCallOrder::Client>();
          std::string name = "P" + std::to_string(promiseCount++) + "(" + paths[g].name + ")";
          bool local = paths[g].local;
          unfulfilled.push_back({kj::mv(paf.fulfiller), paths[g].cap, paths.size()});
          paths.push_back({kj::mv(name), local, t::TestCallOrder::Client(kj::mv(paf.promise)), {}, g});
        }
      } else if (r < 0.55) {
        if (!unfulfilled.empty()) fulfil(random.below(unfulfilled.size()));
      } else if (r < 0.7) {
        // Any reference may be handed over, promises included: the result resolves through every
        // hop of it.
        size_t i = random.below(stuff.size());
        auto candidates = promises ? usable(false) : std::vector<size_t>{0, 1, 2};
        size_t g = candidates[random.below(candidates.size())];
        std::string name = "m" + std::to_string(i) + ".echo(" + paths[g].name + ").cap";
        bool local = paths[g].local;
        auto req = stuff[i].echoRequest();
        req.setCap(paths[g].cap);
        auto echoed = req.send();
        t::TestCallOrder::Client cap = echoed.getCap();
        paths.push_back({kj::mv(name), local, kj::mv(cap), {}, g, echoed.ignoreResult().fork()});
      } else if (r < 0.8) {
        // Only references to the client's objects are held (a server object holding one of the
        // server's could make a cycle that reference counting never releases).
        size_t i = random.below(stuff.size());
        auto candidates = promises ? usable(true) : std::vector<size_t>{0, 1, 2};
        size_t g = candidates[random.below(candidates.size())];
        std::string name = "m" + std::to_string(i) + ".getHeld().cap after hold(" + paths[g].name + ")";
        auto holdReq = stuff[i].holdRequest();
        holdReq.setCap(paths[g].cap.castAs<t::TestInterface>());
        held.push_back(holdReq.send().ignoreResult().fork());
        auto got = stuff[i].getHeldRequest().send();
        t::TestCallOrder::Client cap = got.getCap().castAs<t::TestCallOrder>();
        held.push_back(got.ignoreResult().fork());
        paths.push_back({kj::mv(name), true, kj::mv(cap), {}, g});
      } else if (r < 0.84) {
        handles.push_back(stuff[random.below(stuff.size())].getHandleRequest().send());
      } else if (r < 0.87) {
        if (!handles.empty()) handles.erase(handles.begin() + random.below(handles.size()));
      } else if (r < 0.9) {
        // An echo's result and its reference are dropped, returned or not (the question is then
        // canceled): no more calls through it, and calls through it, or through references made
        // from it, may fail. The calls already made keep their own promises.
        std::vector<size_t> droppable;
        for (size_t k = 0; k < paths.size(); k++) {
          if (!paths[k].dropped && paths[k].result != nullptr) droppable.push_back(k);
        }
        if (!droppable.empty()) {
          auto& path = paths[droppable[random.below(droppable.size())]];
          path.dropped = true;
          path.result = nullptr;
          path.cap = nullptr;
        }
      } else if (r < 0.96) {
        std::vector<kj::ForkedPromise<uint32_t>*> calls;
        for (auto& path: paths) {
          for (auto& call: path.calls) {
            KJ_IF_MAYBE(c, call) calls.push_back(c);
          }
        }
        std::vector<kj::ForkedPromise<void>*> waiting;
        for (auto& promise: held) waiting.push_back(&promise);
        for (auto& path: paths) {
          KJ_IF_MAYBE(result, path.result) waiting.push_back(result);
        }
        size_t k = random.below(calls.size() + waiting.size());
        // What is waited for may depend on the client's promises: they are all kept first.
        while (!unfulfilled.empty()) fulfil(0);
        if (k < calls.size()) {
          settle(s, calls[k]->addBranch().ignoreResult());
        } else if (!waiting.empty()) {
          settle(s, waiting[k - calls.size()]->addBranch());
        }
      } else {
        std::vector<kj::Maybe<kj::ForkedPromise<uint32_t>>*> live;
        for (auto& path: paths) {
          for (auto& call: path.calls) {
            if (call != nullptr) live.push_back(&call);
          }
        }
        if (!live.empty()) *live[random.below(live.size())] = nullptr;  // cancels the call
      }
    }
    while (!unfulfilled.empty()) fulfil(0);
    for (size_t k = 0; k < paths.size(); k++) {
      auto& path = paths[k];
      bool mayFail = droppedUpstream(paths, k);
      std::string seen;
      uint32_t last = 0;
      bool first = true;
      for (auto& call: path.calls) {
        KJ_IF_MAYBE(c, call) {
          uint32_t n = 0;
          if (mayFail) {
            bool failed = false;
            s.await(c->addBranch().then([&](uint32_t got) { n = got; },
                                         [&](kj::Exception&&) { failed = true; }));
            if (failed) continue;
          } else {
            n = s.await(c->addBranch());
          }
          seen += (first ? "" : ", ") + std::to_string(n);
          CHECK(first || n > last, "calls counted out of order", path.name.c_str(), seen.c_str());
          last = n;
          first = false;
        }
      }
    }
    for (auto& promise: held) s.await(promise.addBranch());
    for (size_t k = 0; k < paths.size(); k++) {
      KJ_IF_MAYBE(result, paths[k].result) {
        if (droppedUpstream(paths, k)) {
          settle(s, result->addBranch());
        } else {
          s.await(result->addBranch());
        }
      }
    }
  }
  // Everything the round made on the server is released once the client drops it (at most as
  // many as before: an object of an earlier scenario may still be on its way out).
  auto giveUp = s.timer.now() + 2 * kj::SECONDS;
  for (;;) {
    uint32_t now = s.liveObjects();
    if (now <= liveBefore) break;
    CHECK(s.timer.now() < giveUp, "the server's liveObjects did not come back after the round",
          liveBefore, now);
    s.sleep(20 * kj::MILLISECONDS);
  }
}

void scenarioEOrder(Scope& s) {
  uint32_t seed = eOrderSeed();
  bool promises = eOrderPromises();
  for (uint round = 0; round < E_ORDER_ROUNDS; round++) {
    // Whatever fails (a check, a timeout, a broken connection), the seed repeats the round.
    KJ_IF_MAYBE(e, kj::runCatchingExceptions([&]() { eOrderRound(s, seed + round, promises); })) {
      KJ_FAIL_REQUIRE("e-order round failed; CAPSTAN_E_ORDER_SEED repeats it", seed + round,
                      e->getDescription());
    }
  }
}

void scenarioRelease(Scope& s) {
  auto giveUp = s.timer.now() + 3 * kj::SECONDS;
  for (;;) {
    uint32_t now = s.liveObjects();
    if (now == 0) break;
    CHECK(s.timer.now() < giveUp, "liveObjects did not reach 0 within 3 s", now);
    s.sleep(20 * kj::MILLISECONDS);
  }
}

struct Scenario {
  const char* name;
  void (*run)(Scope&);
};

const Scenario SCENARIOS[] = {
  {"bootstrap", scenarioBootstrap},
  {"all-types", scenarioAllTypes},
  {"extends", scenarioExtends},
  {"callback", scenarioCallback},
  {"pipelining", scenarioPipelining},
  {"hold", scenarioHold},
  {"embargo", scenarioEmbargo},
  {"tail-call", scenarioTailCall},
  {"cancel", scenarioCancel},
  {"exception", scenarioException},
  {"streaming", scenarioStreaming},
  {"null-cap", scenarioNullCap},
  {"defaults", scenarioDefaults},
  {"handles", scenarioHandles},
  {"e-order", scenarioEOrder},
  {"release", scenarioRelease},
};

std::string oneLine(kj::StringPtr s) {
  std::string out(s.cStr());
  for (auto& ch: out) {
    if (ch == '\n' || ch == '\r') ch = ' ';
  }
  return out;
}

int runClient(kj::StringPtr host, uint port, const std::vector<std::string>& wanted) {
  auto io = kj::setupAsyncIo();
  auto& ws = io.waitScope;
  auto& timer = io.provider->getTimer();

  auto addr = io.provider->getNetwork().parseAddress(host, port).wait(ws);
  auto conn = addr->connect().wait(ws);
  capnp::TwoPartyClient rpc(*conn);
  Interop::Client interop = rpc.bootstrap().castAs<Interop>();

  // The scenarios to run, in the order given (all of them, in table order, by default); a name
  // that is not a scenario is kept in place with a null entry and reported as a failure.
  std::vector<std::pair<std::string, const Scenario*>> plan;
  if (wanted.empty()) {
    for (auto& sc: SCENARIOS) plan.emplace_back(sc.name, &sc);
  } else {
    for (auto& w: wanted) {
      const Scenario* found = nullptr;
      for (auto& sc: SCENARIOS) {
        if (w == sc.name) found = &sc;
      }
      plan.emplace_back(w, found);
    }
  }

  uint passed = 0, failed = 0;
  for (auto& entry: plan) {
    auto sc = entry.second;
    if (sc == nullptr) {
      printf("FAIL %s: unknown scenario\n", entry.first.c_str());
      fflush(stdout);
      ++failed;
      continue;
    }
    Scope scope{ws, timer, timer.now() + 10 * kj::SECONDS, interop};
    auto err = kj::runCatchingExceptions([&]() { sc->run(scope); });
    // Let releases and other bookkeeping messages go out before the next scenario.
    ws.poll();
    KJ_IF_MAYBE(e, err) {
      printf("FAIL %s: %s\n", sc->name, oneLine(e->getDescription()).c_str());
      ++failed;
    } else {
      printf("ok %s\n", sc->name);
      ++passed;
    }
    fflush(stdout);
  }
  printf("%u passed, %u failed\n", passed, failed);
  fflush(stdout);
  return failed == 0 ? 0 : 1;
}

bool parseHostPort(const char* arg, kj::String& host, uint& port) {
  const char* colon = strrchr(arg, ':');
  if (colon == nullptr) return false;
  host = kj::heapString(arg, colon - arg);
  char* end = nullptr;
  unsigned long p = strtoul(colon + 1, &end, 10);
  if (end == colon + 1 || *end != '\0' || p > 65535) return false;
  port = static_cast<uint>(p);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s server HOST:PORT | client HOST:PORT [scenario...]\n", argv[0]);
    return 2;
  }
  kj::String host;
  uint port = 0;
  if (!parseHostPort(argv[2], host, port)) {
    fprintf(stderr, "bad address: %s\n", argv[2]);
    return 2;
  }
  kj::StringPtr mode = argv[1];
  KJ_IF_MAYBE(e, kj::runCatchingExceptions([&]() {
    if (mode == "server") {
      exit(runServer(host, port));
    } else if (mode == "client") {
      std::vector<std::string> wanted;
      for (int i = 3; i < argc; i++) wanted.push_back(argv[i]);
      exit(runClient(host, port, wanted));
    } else {
      fprintf(stderr, "unknown mode: %s\n", argv[1]);
      exit(2);
    }
  })) {
    fprintf(stderr, "fatal: %s\n", oneLine(e->getDescription()).c_str());
    return 1;
  }
  return 0;
}
