// A Cap'n Proto RPC server on the C++ library's WebSocket transport (capnp/compat/websocket-rpc.h
// over kj-http), serving test/fixtures/rpc/rpc-test.capnp's Echo, so test/rpc/websocket-cpp.test.ts
// can check that Capstan's WebSocket framing is the C++ library's. Prints
// "listening 127.0.0.1:PORT", then serves every WebSocket upgrade until killed.
#include <capnp/compat/websocket-rpc.h>
#include <capnp/rpc-twoparty.h>
#include <capnp/rpc.h>
#include <kj/async-io.h>
#include <kj/compat/http.h>
#include <iostream>
#include "rpc-test.capnp.h"

namespace {

class CounterImpl final : public Counter::Server {
  uint32_t count = 0;

 protected:
  kj::Promise<void> next(NextContext context) override {
    context.getResults().setN(count++);
    return kj::READY_NOW;
  }
};

class EchoImpl final : public Echo::Server {
 protected:
  kj::Promise<void> echo(EchoContext context) override {
    context.getResults().setText(context.getParams().getText());
    return kj::READY_NOW;
  }

  kj::Promise<void> echoData(EchoDataContext context) override {
    context.getResults().setData(context.getParams().getData());
    return kj::READY_NOW;
  }

  kj::Promise<void> echoCap(EchoCapContext context) override {
    context.getResults().setCap(context.getParams().getCap());
    return kj::READY_NOW;
  }

  kj::Promise<void> makeCounter(MakeCounterContext context) override {
    context.getResults().setCounter(kj::heap<CounterImpl>());
    return kj::READY_NOW;
  }

  // Calls back a capability of the client.
  kj::Promise<void> callCounter(CallCounterContext context) override {
    auto request = context.getParams().getCounter().nextRequest();
    return request.send().then([context](auto response) mutable {
      context.getResults().setN(response.getN());
    });
  }
};

// Everything one WebSocket connection needs, destroyed in reverse order of declaration.
struct Session {
  kj::Own<kj::WebSocket> socket;
  capnp::WebSocketMessageStream stream;
  capnp::TwoPartyVatNetwork network;
  capnp::RpcSystem<capnp::rpc::twoparty::VatId> rpc;

  explicit Session(kj::Own<kj::WebSocket> socketParam)
      : socket(kj::mv(socketParam)),
        stream(*socket),
        network(stream, capnp::rpc::twoparty::Side::SERVER),
        rpc(capnp::makeRpcServer(network, kj::heap<EchoImpl>())) {}
};

class Service final : public kj::HttpService {
 public:
  explicit Service(kj::HttpHeaderTable& table) : table(table) {}

  kj::Promise<void> request(kj::HttpMethod method, kj::StringPtr url, const kj::HttpHeaders& headers,
                            kj::AsyncInputStream& body, Response& response) override {
    kj::HttpHeaders replyHeaders(table);
    if (!headers.isWebSocket()) return response.sendError(400, "Bad Request", replyHeaders);
    auto session = kj::heap<Session>(response.acceptWebSocket(replyHeaders));
    auto done = session->network.onDisconnect();
    return done.attach(kj::mv(session));
  }

 private:
  kj::HttpHeaderTable& table;
};

}  // namespace

int main() {
  auto io = kj::setupAsyncIo();
  kj::HttpHeaderTable table;
  Service service(table);
  auto address = io.provider->getNetwork().parseAddress("127.0.0.1", 0).wait(io.waitScope);
  auto listener = address->listen();
  std::cout << "listening 127.0.0.1:" << listener->getPort() << std::endl;
  kj::HttpServer server(io.provider->getTimer(), table, service);
  server.listenHttp(*listener).wait(io.waitScope);
  return 0;
}
