// A Cap'n Proto RPC client on the C++ library's WebSocket transport (capnp/compat/websocket-rpc.h
// over kj-http's WebSocket client), calling test/fixtures/rpc/rpc-test.capnp's Echo on a Capstan
// server, so test/rpc/websocket-cpp-client.test.ts can check the other direction of
// test/rpc/websocket-cpp.test.ts. Usage: client HOST:PORT. Prints one "name: value" line per
// check, then "released" once it holds nothing but the bootstrap capability, waits for a line on
// stdin, drops the bootstrap capability, prints "done" and exits.
#include <capnp/compat/websocket-rpc.h>
#include <capnp/message.h>
#include <capnp/rpc-twoparty.h>
#include <capnp/rpc.h>
#include <kj/async-io.h>
#include <kj/compat/http.h>
#include <kj/debug.h>
#include <kj/vector.h>
#include <iostream>
#include <random>
#include <string>
#include "rpc-test.capnp.h"

namespace {

// Sec-WebSocket-Key and frame masks; a test against a local server needs no stronger entropy.
class Entropy final : public kj::EntropySource {
 public:
  void generate(kj::ArrayPtr<kj::byte> buffer) override {
    for (auto& b : buffer) b = static_cast<kj::byte>(device() & 0xff);
  }

 private:
  std::random_device device;
};

// A counter of the client's own, which the server calls back (callCounter) or hands back (echoCap).
class LocalCounter final : public Counter::Server {
 public:
  explicit LocalCounter(uint32_t start) : count(start) {}

 protected:
  kj::Promise<void> next(NextContext context) override {
    context.getResults().setN(count++);
    return kj::READY_NOW;
  }

 private:
  uint32_t count;
};

void line(kj::StringPtr name, kj::StringPtr value) {
  std::cout << name.cStr() << ": " << value.cStr() << std::endl;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: " << argv[0] << " HOST:PORT" << std::endl;
    return 2;
  }
  kj::StringPtr hostPort = argv[1];
  auto io = kj::setupAsyncIo();
  auto& waitScope = io.waitScope;

  kj::HttpHeaderTable table;
  Entropy entropy;
  kj::HttpClientSettings settings;
  settings.entropySource = entropy;
  auto address = io.provider->getNetwork().parseAddress(hostPort).wait(waitScope);
  auto http = kj::newHttpClient(io.provider->getTimer(), table, *address, settings);

  kj::HttpHeaders headers(table);
  headers.set(kj::HttpHeaderId::HOST, hostPort);
  auto response = http->openWebSocket("/rpc", headers).wait(waitScope);
  if (!response.webSocketOrBody.is<kj::Own<kj::WebSocket>>()) {
    std::cerr << "the server refused the WebSocket upgrade: " << response.statusCode << std::endl;
    return 1;
  }
  auto socket = kj::mv(response.webSocketOrBody.get<kj::Own<kj::WebSocket>>());

  capnp::WebSocketMessageStream stream(*socket);
  capnp::TwoPartyVatNetwork network(stream, capnp::rpc::twoparty::Side::CLIENT);
  auto rpc = kj::heap<capnp::RpcSystem<capnp::rpc::twoparty::VatId>>(capnp::makeRpcClient(network));
  kj::Maybe<Echo::Client> maybeEcho;
  {
    capnp::MallocMessageBuilder vatId;
    vatId.initRoot<capnp::rpc::twoparty::VatId>().setSide(capnp::rpc::twoparty::Side::SERVER);
    maybeEcho = rpc->bootstrap(vatId.getRoot<capnp::rpc::twoparty::VatId>()).castAs<Echo>();
  }
  auto& echo = KJ_ASSERT_NONNULL(maybeEcho);

  {
    // A plain call.
    auto request = echo.echoRequest();
    request.setText("hello from C++");
    line("echo", request.send().wait(waitScope).getText());
  }
  {
    // Two calls on a capability that is still the promise of a result (promise pipelining).
    auto made = echo.makeCounterRequest().send();
    auto counter = made.getCounter();
    auto first = counter.nextRequest().send();
    auto second = counter.nextRequest().send();
    auto a = first.wait(waitScope).getN();
    auto b = second.wait(waitScope).getN();
    line("pipelined", kj::str(a, " ", b));

    // The server's counter passed back to it and returned (echoCap), called pipelined again.
    auto echoed = [&] {
      auto request = echo.echoCapRequest();
      request.setCap(counter);
      return request.send();
    }();
    auto third = echoed.getCap().nextRequest().send();
    line("echoCap", kj::str(third.wait(waitScope).getN()));
    echoed.wait(waitScope);
    made.wait(waitScope);
  }
  {
    // A capability of ours, which the server calls back.
    Counter::Client mine = kj::heap<LocalCounter>(41);
    auto request = echo.callCounterRequest();
    request.setCounter(mine);
    line("callback", kj::str(request.send().wait(waitScope).getN()));

    // Ours handed to the server and back: calls on the returned capability reach our object.
    auto back = echo.echoCapRequest();
    back.setCap(mine);
    auto returned = back.send().wait(waitScope).getCap();
    line("echoCap local", kj::str(returned.nextRequest().send().wait(waitScope).getN()));
  }
  {
    // A capability inside a struct of the results, called pipelined.
    auto boxed = echo.boxedRequest().send();
    auto n = boxed.getBox().getCounter().nextRequest().send();
    auto box = boxed.wait(waitScope);
    line("boxed", kj::str(box.getBox().getLabel(), " ", n.wait(waitScope).getN()));
  }
  {
    // 192 KiB of Data there and back.
    const size_t size = 192 * 1024;
    auto request = echo.echoDataRequest();
    auto data = request.initData(size);
    for (size_t i = 0; i < size; i++) data[i] = static_cast<kj::byte>((i * 7 + (i >> 9)) & 0xff);
    auto result = request.send().wait(waitScope);
    auto back = result.getData();
    bool same = back.size() == size;
    for (size_t i = 0; same && i < size; i++) same = back[i] == static_cast<kj::byte>((i * 7 + (i >> 9)) & 0xff);
    line("data", kj::str(back.size(), same ? " same" : " different"));
  }
  {
    // Streaming calls (`-> stream`), then the total the server counted.
    kj::Vector<kj::Promise<void>> writes;
    for (int i = 0; i < 8; i++) {
      auto request = echo.writeRequest();
      auto data = request.initData(1000);
      for (auto& b : data) b = static_cast<kj::byte>(i);
      writes.add(request.send());
    }
    kj::joinPromises(writes.releaseAsArray()).wait(waitScope);
    auto written = echo.writtenRequest().send().wait(waitScope);
    line("stream", kj::str(written.getBytes(), " bytes in ", written.getCalls(), " calls"));
  }
  {
    // An exception thrown by the server's method.
    auto request = echo.failRequest();
    request.setMessage("boom from C++");
    auto outcome = request.send().then(
        [](auto&&) -> kj::String { return kj::str("no exception"); },
        [](kj::Exception&& e) -> kj::String { return kj::str(e.getType(), " ", e.getDescription()); });
    line("fail", outcome.wait(waitScope));
  }

  // A round trip after every release above, so the server has handled them all.
  {
    auto request = echo.echoRequest();
    request.setText("sync");
    request.send().wait(waitScope);
  }
  // Let the Finish of that call go out before blocking on stdin.
  io.provider->getTimer().afterDelay(20 * kj::MILLISECONDS).wait(waitScope);
  std::cout << "released" << std::endl;

  // The test checks the server's tables, then lets us go.
  std::string ignored;
  std::getline(std::cin, ignored);
  maybeEcho = nullptr;
  // Let the Release go out, then end the WebSocket with a close frame.
  io.provider->getTimer().afterDelay(20 * kj::MILLISECONDS).wait(waitScope);
  rpc = nullptr;
  socket->close(1000, "done").wait(waitScope);
  std::cout << "done" << std::endl;
  return 0;
}
