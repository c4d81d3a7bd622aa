// The "cpp" implementation of Capstan's benchmarks: the same workloads as bench/workloads/*.mjs,
// written against the reference C++ library (Debian's libcapnp-dev), so one `npm run bench`
// compares Capstan with C++ side by side.
//
//   harness WORKLOAD CASE MIN_ROUND_MS ROUNDS [FILE [UNPACKED_SIZE]]
//
// Each round runs the case for at least MIN_ROUND_MS (iteration count calibrated first) and
// yields nanoseconds per iteration; the harness prints the median of ROUNDS rounds. The
// carsales, catrank and eval CASEs are the serialization modes: object, bytes, packed, and pipe
// (a forked server process, requests and responses streamed through two pipes).

#include "carsales.capnp.h"
#include "catrank.capnp.h"
#include "eval.capnp.h"
#include "micro.capnp.h"
#include "rpc.capnp.h"

#include <capnp/ez-rpc.h>

#include <capnp/message.h>
#include <capnp/serialize-packed.h>
#include <capnp/serialize.h>
#include <kj/io.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace {

// The upstream suite's generator (see bench/lib/random.mjs): an LCG from a fixed seed.
struct Random {
  uint32_t state = 1013904223u;
  uint32_t next() { return state = 1664525u * state + 1013904223u; }
  uint32_t below(uint32_t range) { return next() % range; }
  double upTo(double range) { return next() * range / std::numeric_limits<uint32_t>::max(); }
};

Random rng;
volatile uint64_t sink;  // Keeps results alive so the optimizer cannot drop the work.

const char* const WORDS[] = {"foo ", "bar ", "baz ", "qux ", "quux ", "corge ", "grault ", "garply ", "waldo ", "fred ", "plugh ", "xyzzy ", "thud "};
constexpr uint32_t WORD_COUNT = sizeof(WORDS) / sizeof(WORDS[0]);

// ---- serialization modes of the request/response workloads ------------------------------

enum class Mode { Object, Bytes, Packed, Pipe };

// Builder memory reused across iterations, as the upstream suite's "reuse" variant does.
constexpr size_t SCRATCH_WORDS = 128 * 1024;
capnp::word scratch[4][SCRATCH_WORDS];

kj::Array<capnp::word> bytesOf(capnp::MessageBuilder& message) { return capnp::messageToFlatArray(message); }

// The pipe mode: a forked server process reads framed requests from one pipe and writes framed
// responses to another (see startPipeServer). In the client these are the request pipe's write
// end and the response pipe's read end; in the server, the other two ends.
int pipeRequestFd = -1;
int pipeResponseFd = -1;
bool pipeServer = false;
pid_t pipeServerPid = -1;

// The server's loop: read a request, handle it, write the response, until the client closes
// the request pipe.
template <typename Request, typename Response, typename Handle>
[[noreturn]] void servePipe(Handle handle) {
  kj::FdInputStream in(pipeRequestFd);
  kj::BufferedInputStreamWrapper buffered(in);
  while (buffered.tryGetReadBuffer().size() > 0) {
    capnp::InputStreamMessageReader request(buffered);
    capnp::MallocMessageBuilder response(kj::arrayPtr(scratch[1], SCRATCH_WORDS));
    handle(request.getRoot<Request>(), response.initRoot<Response>());
    capnp::writeMessageToFd(pipeResponseFd, response);
  }
  _exit(0);
}

template <typename Request, typename Response, typename Setup, typename Handle, typename Check>
void requestResponse(Mode mode, Setup setup, Handle handle, Check check) {
  if (mode == Mode::Pipe) {
    if (pipeServer) servePipe<Request, Response>(handle);
    capnp::MallocMessageBuilder requestMessage(kj::arrayPtr(scratch[0], SCRATCH_WORDS));
    auto expected = setup(requestMessage.initRoot<Request>());
    capnp::writeMessageToFd(pipeRequestFd, requestMessage);
    capnp::StreamFdMessageReader responseReader(pipeResponseFd);
    if (!check(responseReader.getRoot<Response>(), expected)) throw std::logic_error("wrong response");
    return;
  }
  capnp::MallocMessageBuilder requestMessage(kj::arrayPtr(scratch[0], SCRATCH_WORDS));
  auto request = requestMessage.initRoot<Request>();
  auto expected = setup(request);
  capnp::MallocMessageBuilder responseMessage(kj::arrayPtr(scratch[1], SCRATCH_WORDS));
  auto response = responseMessage.initRoot<Response>();
  if (mode == Mode::Object) {
    handle(request.asReader(), response);
    if (!check(response.asReader(), expected)) throw std::logic_error("wrong response");
    return;
  }
  if (mode == Mode::Bytes) {
    auto requestBytes = bytesOf(requestMessage);
    capnp::FlatArrayMessageReader requestReader(requestBytes);
    handle(requestReader.getRoot<Request>(), response);
    auto responseBytes = bytesOf(responseMessage);
    capnp::FlatArrayMessageReader responseReader(responseBytes);
    if (!check(responseReader.getRoot<Response>(), expected)) throw std::logic_error("wrong response");
    return;
  }
  kj::VectorOutputStream requestOut;
  capnp::writePackedMessage(requestOut, requestMessage);
  kj::ArrayInputStream requestIn(requestOut.getArray());
  capnp::PackedMessageReader requestReader(requestIn);
  handle(requestReader.getRoot<Request>(), response);
  kj::VectorOutputStream responseOut;
  capnp::writePackedMessage(responseOut, responseMessage);
  kj::ArrayInputStream responseIn(responseOut.getArray());
  capnp::PackedMessageReader responseReader(responseIn);
  if (!check(responseReader.getRoot<Response>(), expected)) throw std::logic_error("wrong response");
}

// Forks the pipe mode's server: the child runs `body` once with pipeServer set, which makes
// requestResponse serve requests until the request pipe closes (and exit); the parent keeps
// the client's ends.
void startPipeServer(const std::function<void()>& body) {
  int requests[2], responses[2];
  if (pipe(requests) != 0 || pipe(responses) != 0) throw std::runtime_error("pipe() failed");
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork() failed");
  if (pid == 0) {
    close(requests[1]);
    close(responses[0]);
    pipeRequestFd = requests[0];
    pipeResponseFd = responses[1];
    pipeServer = true;
    body();
    _exit(1);  // unreachable: the server loop exits
  }
  close(requests[0]);
  close(responses[1]);
  pipeRequestFd = requests[1];
  pipeResponseFd = responses[0];
  pipeServerPid = pid;
}

void stopPipeServer() {
  if (pipeServerPid < 0) return;
  close(pipeRequestFd);
  int status = 0;
  waitpid(pipeServerPid, &status, 0);
  close(pipeResponseFd);
  pipeServerPid = -1;
}

// ---- car sales ------------------------------------------------------------------------------

template <typename Car>
uint64_t carValue(Car car) {
  uint64_t value = car.getSeats() * 200 + car.getDoors() * 350;
  for (auto wheel : car.getWheels()) {
    value += wheel.getDiameter() * wheel.getDiameter();
    value += wheel.getSnowTires() ? 100 : 0;
  }
  value += car.getLength() * car.getWidth() * car.getHeight() / 50;
  auto engine = car.getEngine();
  value += engine.getHorsepower() * 40;
  if (engine.getUsesElectric()) value += engine.getUsesGas() ? 5000 : 3000;
  value += car.getHasPowerWindows() ? 100 : 0;
  value += car.getHasPowerSteering() ? 200 : 0;
  value += car.getHasCruiseControl() ? 400 : 0;
  value += car.getHasNavSystem() ? 2000 : 0;
  value += car.getCupHolders() * 25;
  return value;
}

void randomCar(bench::Car::Builder car) {
  static const char* const MAKES[] = {"Toyota", "GM", "Ford", "Honda", "Tesla"};
  static const char* const MODELS[] = {"Camry", "Prius", "Volt", "Accord", "Leaf", "Model S"};
  car.setMake(MAKES[rng.below(5)]);
  car.setModel(MODELS[rng.below(6)]);
  car.setColor(static_cast<bench::Color>(rng.below(static_cast<uint32_t>(bench::Color::SILVER) + 1)));
  car.setSeats(2 + rng.below(6));
  car.setDoors(2 + rng.below(3));
  for (auto wheel : car.initWheels(4)) {
    wheel.setDiameter(25 + rng.below(15));
    wheel.setAirPressure(30 + rng.upTo(20));
    wheel.setSnowTires(rng.below(16) == 0);
  }
  car.setLength(170 + rng.below(150));
  car.setWidth(48 + rng.below(36));
  car.setHeight(54 + rng.below(48));
  car.setWeight(car.getLength() * car.getWidth() * car.getHeight() / 200);
  auto engine = car.initEngine();
  engine.setHorsepower(100 * rng.below(400));
  engine.setCylinders(4 + 2 * rng.below(3));
  engine.setCc(800 + rng.below(10000));
  engine.setUsesGas(true);
  engine.setUsesElectric(rng.below(2));
  car.setFuelCapacity(10.0 + rng.upTo(30.0));
  car.setFuelLevel(rng.upTo(car.getFuelCapacity()));
  car.setHasPowerWindows(rng.below(2));
  car.setHasPowerSteering(rng.below(2));
  car.setHasCruiseControl(rng.below(2));
  car.setCupHolders(rng.below(12));
  car.setHasNavSystem(rng.below(2));
}

void carsales(Mode mode) {
  requestResponse<bench::ParkingLot, bench::TotalValue>(
      mode,
      [](bench::ParkingLot::Builder lot) {
        uint64_t total = 0;
        for (auto car : lot.initCars(rng.below(200))) {
          randomCar(car);
          total += carValue(car);
        }
        return total;
      },
      [](bench::ParkingLot::Reader lot, bench::TotalValue::Builder value) {
        uint64_t total = 0;
        for (auto car : lot.getCars()) total += carValue(car);
        value.setAmount(total);
      },
      [](bench::TotalValue::Reader value, uint64_t expected) { return value.getAmount() == expected; });
}

// ---- cat rank -------------------------------------------------------------------------------

void catrank(Mode mode) {
  requestResponse<bench::SearchResultList, bench::SearchResultList>(
      mode,
      [](bench::SearchResultList::Builder request) {
        int count = rng.below(1000);
        int good = 0;
        auto list = request.initResults(count);
        std::string snippet;
        for (int i = 0; i < count; i++) {
          auto result = list[i];
          result.setScore(1000 - i);
          int urlSize = rng.below(100);
          static const char PREFIX[] = "http://example.com/";
          size_t prefixLength = strlen(PREFIX);
          auto url = result.initUrl(urlSize + prefixLength);
          memcpy(url.begin(), PREFIX, prefixLength);
          char* at = url.begin() + prefixLength;
          for (int j = 0; j < urlSize; j++) *at++ = 'a' + rng.below(26);
          bool isCat = rng.below(8) == 0;
          bool isDog = rng.below(8) == 0;
          good += isCat && !isDog;
          snippet.assign(" ");
          int prefix = rng.below(20);
          for (int j = 0; j < prefix; j++) snippet.append(WORDS[rng.below(WORD_COUNT)]);
          if (isCat) snippet.append("cat ");
          if (isDog) snippet.append("dog ");
          int suffix = rng.below(20);
          for (int j = 0; j < suffix; j++) snippet.append(WORDS[rng.below(WORD_COUNT)]);
          result.setSnippet(capnp::Text::Reader(snippet.c_str(), snippet.size()));
        }
        return good;
      },
      [](bench::SearchResultList::Reader request, bench::SearchResultList::Builder response) {
        struct Scored {
          double score;
          bench::SearchResult::Reader result;
        };
        std::vector<Scored> scored;
        for (auto result : request.getResults()) {
          double score = result.getScore();
          if (strstr(result.getSnippet().cStr(), " cat ") != nullptr) score *= 10000;
          if (strstr(result.getSnippet().cStr(), " dog ") != nullptr) score /= 10000;
          scored.push_back({score, result});
        }
        std::sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) { return a.score > b.score; });
        auto list = response.initResults(scored.size());
        for (size_t i = 0; i < scored.size(); i++) {
          auto out = list[i];
          out.setScore(scored[i].score);
          out.setUrl(scored[i].result.getUrl());
          out.setSnippet(scored[i].result.getSnippet());
        }
      },
      [](bench::SearchResultList::Reader response, int expected) {
        int good = 0;
        for (auto result : response.getResults()) {
          if (result.getScore() > 1001) good++;
          else break;
        }
        return good == expected;
      });
}

// ---- eval -----------------------------------------------------------------------------------

int32_t divide(int32_t a, int32_t b) {
  if (b == 0 || (a == std::numeric_limits<int32_t>::min() && b == -1)) return std::numeric_limits<int32_t>::max();
  return a / b;
}

int32_t modulus(int32_t a, int32_t b) {
  if (b == 0 || (a == std::numeric_limits<int32_t>::min() && b == -1)) return std::numeric_limits<int32_t>::max();
  return a % b;
}

int32_t apply(bench::Operation op, int32_t left, int32_t right) {
  switch (op) {
    case bench::Operation::ADD: return left + right;
    case bench::Operation::SUBTRACT: return left - right;
    case bench::Operation::MULTIPLY: return left * right;
    case bench::Operation::DIVIDE: return divide(left, right);
    case bench::Operation::MODULUS: return modulus(left, right);
  }
  throw std::logic_error("unknown operation");
}

int32_t makeExpression(bench::Expression::Builder expression, uint32_t depth) {
  expression.setOp(static_cast<bench::Operation>(rng.below(static_cast<uint32_t>(bench::Operation::MODULUS) + 1)));
  int32_t left, right;
  if (rng.below(8) < depth) {
    left = rng.below(128) + 1;
    expression.getLeft().setValue(left);
  } else {
    left = makeExpression(expression.getLeft().initExpression(), depth + 1);
  }
  if (rng.below(8) < depth) {
    right = rng.below(128) + 1;
    expression.getRight().setValue(right);
  } else {
    right = makeExpression(expression.getRight().initExpression(), depth + 1);
  }
  return apply(expression.getOp(), left, right);
}

int32_t evaluate(bench::Expression::Reader expression) {
  auto l = expression.getLeft();
  auto r = expression.getRight();
  int32_t left = l.isValue() ? l.getValue() : evaluate(l.getExpression());
  int32_t right = r.isValue() ? r.getValue() : evaluate(r.getExpression());
  return apply(expression.getOp(), left, right);
}

void evalCase(Mode mode) {
  requestResponse<bench::Expression, bench::EvaluationResult>(
      mode,
      [](bench::Expression::Builder expression) { return makeExpression(expression, 0); },
      [](bench::Expression::Reader expression, bench::EvaluationResult::Builder result) { result.setValue(evaluate(expression)); },
      [](bench::EvaluationResult::Reader result, int32_t expected) { return result.getValue() == expected; });
}

// ---- micro shapes ---------------------------------------------------------------------------

kj::Array<capnp::word> prebuilt;  // The message each `read` case reads.
std::vector<int32_t> listValues;

void buildTwoInt32() {
  capnp::MallocMessageBuilder message;
  auto root = message.initRoot<bench::TwoInt32>();
  root.setA(123456);
  root.setB(-654321);
  sink = capnp::messageToFlatArray(message).size();
}

void buildInt32Text() {
  capnp::MallocMessageBuilder message;
  auto root = message.initRoot<bench::Int32Text>();
  root.setNumber(42);
  root.setText("hello, world");
  sink = capnp::messageToFlatArray(message).size();
}

void buildNested3() {
  capnp::MallocMessageBuilder message;
  message.initRoot<bench::Nested3>().initChild().initChild().setValue(7);
  sink = capnp::messageToFlatArray(message).size();
}

void buildInt32List() {
  capnp::MallocMessageBuilder message;
  auto values = message.initRoot<bench::Int32List>().initValues(listValues.size());
  for (size_t i = 0; i < listValues.size(); i++) values.set(i, listValues[i]);
  sink = capnp::messageToFlatArray(message).size();
}

void readTwoInt32() {
  capnp::FlatArrayMessageReader reader(prebuilt);
  auto root = reader.getRoot<bench::TwoInt32>();
  sink = root.getA() + root.getB();
}

void readInt32Text() {
  capnp::FlatArrayMessageReader reader(prebuilt);
  auto root = reader.getRoot<bench::Int32Text>();
  sink = root.getNumber() + root.getText().size();
}

void readNested3() {
  capnp::FlatArrayMessageReader reader(prebuilt);
  sink = reader.getRoot<bench::Nested3>().getChild().getChild().getValue();
}

void readInt32List() {
  capnp::FlatArrayMessageReader reader(prebuilt);
  int64_t sum = 0;
  for (int32_t v : reader.getRoot<bench::Int32List>().getValues()) sum += v;
  sink = sum;
}

template <typename Build>
void prebuild(Build build) {
  capnp::MallocMessageBuilder message;
  build(message);
  prebuilt = capnp::messageToFlatArray(message);
}

// ---- packing --------------------------------------------------------------------------------

std::vector<uint8_t> packingInput;  // An unpacked message (for pack) or a packed one (for unpack).

std::vector<uint8_t> readFile(const char* path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(std::string("cannot read ") + path);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

// ---- timing ---------------------------------------------------------------------------------

double runRound(const std::function<void()>& body, uint64_t iterations) {
  rng = Random();
  auto start = std::chrono::steady_clock::now();
  for (uint64_t i = 0; i < iterations; i++) body();
  auto end = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::nano>(end - start).count() / iterations;
}

double measure(const std::function<void()>& body, double minRoundMs, int rounds) {
  uint64_t iterations = 1;
  for (;;) {  // Calibrate (and warm up): the smallest power of two that takes a round's time.
    double ns = runRound(body, iterations) * iterations;
    if (ns >= minRoundMs * 1e6 || iterations >= (1ull << 40)) break;
    iterations *= 2;
  }
  std::vector<double> samples;
  for (int r = 0; r < rounds; r++) samples.push_back(runRound(body, iterations));
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

// ---- RPC over TCP -----------------------------------------------------------------------------
// Server and client in this one process and thread, on one event loop, talking over a real TCP
// connection on 127.0.0.1: the same arrangement as the Capstan side of the rpc-tcp workload.

class EchoServer final : public bench::BenchEcho::Server {
 protected:
  kj::Promise<void> echoU8(EchoU8Context context) override {
    context.getResults().setValue(context.getParams().getValue());
    return kj::READY_NOW;
  }
  kj::Promise<void> echoText(EchoTextContext context) override {
    context.getResults().setText(context.getParams().getText());
    return kj::READY_NOW;
  }
  kj::Promise<void> echoData(EchoDataContext context) override {
    context.getResults().setData(context.getParams().getData());
    return kj::READY_NOW;
  }
};

constexpr int BURST = 1000;

int rpcTcp(const std::string& which, double minRoundMs, int rounds) {
  capnp::EzRpcServer server(kj::heap<EchoServer>(), "127.0.0.1", 0);
  auto& waitScope = server.getWaitScope();
  unsigned port = server.getPort().wait(waitScope);
  capnp::EzRpcClient client("127.0.0.1", port);
  auto echo = client.getMain<bench::BenchEcho>();
  std::function<void()> body;
  int perCall = 1;
  if (which == "call") {
    body = [&] {
      auto request = echo.echoU8Request();
      request.setValue(7);
      sink += request.send().wait(waitScope).getValue();
    };
  } else if (which == "burst-1000") {
    perCall = BURST;
    body = [&] {
      auto calls = kj::heapArrayBuilder<kj::Promise<void>>(BURST);
      for (int i = 0; i < BURST; i++) {
        auto request = echo.echoU8Request();
        request.setValue(i & 0xff);
        calls.add(request.send().then([](auto&& response) { sink += response.getValue(); }));
      }
      kj::joinPromises(calls.finish()).wait(waitScope);
    };
  } else {
    fprintf(stderr, "unknown rpc-tcp case %s\n", which.c_str());
    return 2;
  }
  printf("%.3f\n", measure(body, minRoundMs, rounds) / perCall);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: harness WORKLOAD CASE MIN_ROUND_MS ROUNDS [FILE]\n");
    return 2;
  }
  std::string workload = argv[1], which = argv[2];
  double minRoundMs = atof(argv[3]);
  int rounds = atoi(argv[4]);
  std::function<void()> body;

  if (workload == "rpc-tcp") return rpcTcp(which, minRoundMs, rounds);
  if (workload == "carsales" || workload == "catrank" || workload == "eval") {
    Mode mode = which == "object" ? Mode::Object : which == "bytes" ? Mode::Bytes : which == "packed" ? Mode::Packed : which == "pipe" ? Mode::Pipe : throw std::invalid_argument(which);
    if (workload == "carsales") body = [mode] { carsales(mode); };
    else if (workload == "catrank") body = [mode] { catrank(mode); };
    else body = [mode] { evalCase(mode); };
    if (mode == Mode::Pipe) {
      startPipeServer(body);
      double ns = measure(body, minRoundMs, rounds);
      stopPipeServer();
      printf("%.3f\n", ns);
      return 0;
    }
  } else if (workload == "micro") {
    std::string shape = which.substr(0, which.rfind('/'));
    bool build = which.substr(which.rfind('/') + 1) == "build";
    if (shape == "two-int32") {
      prebuild([](capnp::MessageBuilder& m) { auto r = m.initRoot<bench::TwoInt32>(); r.setA(123456); r.setB(-654321); });
      body = build ? buildTwoInt32 : readTwoInt32;
    } else if (shape == "int32-text") {
      prebuild([](capnp::MessageBuilder& m) { auto r = m.initRoot<bench::Int32Text>(); r.setNumber(42); r.setText("hello, world"); });
      body = build ? buildInt32Text : readInt32Text;
    } else if (shape == "nested3") {
      prebuild([](capnp::MessageBuilder& m) { m.initRoot<bench::Nested3>().initChild().initChild().setValue(7); });
      body = build ? buildNested3 : readNested3;
    } else if (shape == "list-int32-100" || shape == "list-int32-10000") {
      size_t n = shape == "list-int32-100" ? 100 : 10000;
      listValues.clear();
      for (size_t i = 0; i < n; i++) listValues.push_back(static_cast<int32_t>(i * 2654435761u));
      prebuild([](capnp::MessageBuilder& m) {
        auto values = m.initRoot<bench::Int32List>().initValues(listValues.size());
        for (size_t i = 0; i < listValues.size(); i++) values.set(i, listValues[i]);
      });
      body = build ? buildInt32List : readInt32List;
    } else {
      fprintf(stderr, "unknown micro case %s\n", which.c_str());
      return 2;
    }
  } else if (workload == "packing") {
    if (argc < 6) {
      fprintf(stderr, "packing needs a FILE\n");
      return 2;
    }
    packingInput = readFile(argv[5]);
    std::string operation = which.substr(0, which.find('/'));
    if (operation == "pack") {
      body = [] {
        kj::ArrayPtr<const capnp::word> words(reinterpret_cast<const capnp::word*>(packingInput.data()), packingInput.size() / 8);
        kj::VectorOutputStream out(packingInput.size());
        capnp::_::PackedOutputStream packed(out);
        packed.write(words.begin(), words.size() * sizeof(capnp::word));
        sink = out.getArray().size();
      };
    } else {
      // The unpacked size comes from the caller: PackedInputStream reads exactly what is asked.
      if (argc < 7) {
        fprintf(stderr, "unpack needs FILE and the unpacked size\n");
        return 2;
      }
      static size_t unpackedSize = strtoull(argv[6], nullptr, 10);
      body = [] {
        kj::ArrayInputStream in(kj::arrayPtr(packingInput.data(), packingInput.size()));
        capnp::_::PackedInputStream packed(in);
        static std::vector<uint8_t> out(unpackedSize);
        packed.read(out.data(), unpackedSize);
        sink = out[0];
      };
    }
  } else {
    fprintf(stderr, "unknown workload %s\n", workload.c_str());
    return 2;
  }
  printf("%.3f\n", measure(body, minRoundMs, rounds));
  return 0;
}
