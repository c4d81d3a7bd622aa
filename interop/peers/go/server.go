package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"strconv"
	"sync"
	"sync/atomic"

	"capnproto.org/go/capnp/v3"
	"capnproto.org/go/capnp/v3/exc"
	"capnproto.org/go/capnp/v3/rpc"

	interopcp "capstan.interop/gopeer/build-out/gen"
	testcp "capstan.interop/gopeer/build-out/gen/capnp"
)

// liveCount counts the capability objects this server created that are still alive. go-capnp
// calls Shutdown() on a server object once every reference to it (local ones and the
// connection's export table) has been released and its pending calls have finished.
var liveCount atomic.Int64

type counted struct{}

func newCounted() counted { liveCount.Add(1); return counted{} }
func (counted) Shutdown() { liveCount.Add(-1) }

type stderrReporter struct{}

func (stderrReporter) ReportError(err error) { fmt.Fprintln(os.Stderr, "gopeer server: rpc:", err) }

func runServer(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Printf("listening %s\n", ln.Addr().String())
	os.Stdout.Sync()
	for {
		nc, err := ln.Accept()
		if err != nil {
			return err
		}
		// One fresh bootstrap Interop per connection; the Conn owns (and releases) it.
		rpc.NewConn(rpc.NewStreamTransport(nc), &rpc.Options{
			BootstrapClient: newInterop(),
			ErrorReporter:   stderrReporter{},
		})
	}
}

func failed(msg string) error { return exc.New(exc.Failed, "", msg) }

// ---- Interop (bootstrap, not counted) ----

// interopHook is the bootstrap Interop. It is a capnp.ClientHook of its own rather than a
// server.Server because go-capnp v3.0.0-alpha.30 mis-delivers pipelined calls that are queued
// behind a call which is itself still queued on an unresolved answer (AnswerQueue.PipelineRecv
// hands back the basis of the answer it was queued on instead of a basis for the queued call, so
// pipeline().cap.getCap(...).outBox.cap.foo() sent without waiting ran foo's transform against
// pipeline()'s results and hit "call on null client"). Every Interop method answers at once, so
// this hook runs them inline in Recv, on the connection's receive goroutine: the answer is
// complete before the next message is read, and calls pipelined on it find its results ready.
type interopHook struct{}

var interopMethodNames = [...]string{"moreStuff", "pipeline", "tailCaller", "tailCallee", "streaming", "testExtends", "echoAllTypes", "liveObjects"}

func (interopHook) String() string { return "Interop(gopeer)" }

func (interopHook) Brand() capnp.Brand { return capnp.Brand{} }

func (interopHook) Shutdown() {}

func (h interopHook) Recv(ctx context.Context, r capnp.Recv) capnp.PipelineCaller {
	if r.Method.InterfaceID != interopcp.Interop_TypeID || int(r.Method.MethodID) >= len(interopMethodNames) {
		r.Reject(capnp.Unimplemented("unimplemented"))
		return nil
	}
	if err := interopCall(r.Method.MethodID, r.Args, r.Returner.AllocResults); err != nil {
		r.Reject(err)
		r.Returner.ReleaseResults()
		return nil
	}
	r.Return()
	r.Returner.ReleaseResults()
	return nil
}

// Send serves calls made in this process (none are, but a hook must answer them).
func (h interopHook) Send(ctx context.Context, s capnp.Send) (*capnp.Answer, capnp.ReleaseFunc) {
	_, seg := capnp.NewMultiSegmentMessage(nil)
	args, err := capnp.NewRootStruct(seg, s.ArgsSize)
	if err == nil && s.PlaceArgs != nil {
		err = s.PlaceArgs(args)
	}
	if err != nil {
		args.Message().Release()
		return capnp.ErrorAnswer(s.Method, err), func() {}
	}
	ret := new(capnp.StructReturner)
	pc := h.Recv(ctx, capnp.Recv{
		Method:      s.Method,
		Args:        args,
		ReleaseArgs: func() { args.Message().Release() },
		Returner:    ret,
	})
	return ret.Answer(s.Method, pc)
}

func newInterop() capnp.Client { return capnp.NewClient(interopHook{}) }

func interopCall(method uint16, args capnp.Struct, alloc func(capnp.ObjectSize) (capnp.Struct, error)) error {
	capResult := func(c capnp.Client) error {
		res, err := alloc(capnp.ObjectSize{DataSize: 0, PointerCount: 1})
		if err != nil {
			c.Release()
			return err
		}
		return res.SetPtr(0, c.EncodeAsPtr(res.Segment()))
	}
	switch method {
	case 0: // moreStuff
		return capResult(capnp.Client(newMoreStuff()))
	case 1: // pipeline
		return capResult(capnp.Client(testcp.TestPipeline_ServerToClient(&pipelineServer{counted: newCounted()})))
	case 2: // tailCaller
		return capResult(capnp.Client(testcp.TestTailCaller_ServerToClient(&tailCallerServer{counted: newCounted()})))
	case 3: // tailCallee
		return capResult(capnp.Client(testcp.TestTailCallee_ServerToClient(&tailCalleeServer{counted: newCounted()})))
	case 4: // streaming
		return capResult(capnp.Client(testcp.TestStreaming_ServerToClient(&streamingServer{counted: newCounted()})))
	case 5: // testExtends
		return capResult(capnp.Client(newExtends()))
	case 6: // echoAllTypes
		v, err := interopcp.Interop_echoAllTypes_Params(args).Value()
		if err != nil {
			return err
		}
		res, err := alloc(capnp.ObjectSize{DataSize: 0, PointerCount: 1})
		if err != nil {
			return err
		}
		return interopcp.Interop_echoAllTypes_Results(res).SetValue(v) // deep copy
	case 7: // liveObjects
		res, err := alloc(capnp.ObjectSize{DataSize: 8, PointerCount: 0})
		if err != nil {
			return err
		}
		n := liveCount.Load()
		if n < 0 {
			n = 0
		}
		interopcp.Interop_liveObjects_Results(res).SetCount(uint32(n))
		return nil
	}
	return capnp.Unimplemented("unimplemented")
}

// ---- TestExtends ----

type extendsServer struct{ counted }

func newExtends() testcp.TestExtends {
	return testcp.TestExtends_ServerToClient(&extendsServer{counted: newCounted()})
}

func (extendsServer) Foo(ctx context.Context, call testcp.TestInterface_foo) error {
	a := call.Args()
	if a.I() != 321 || a.J() != false {
		return failed(fmt.Sprintf("TestExtends.foo: expected (321, false), got (%d, %v)", a.I(), a.J()))
	}
	res, err := call.AllocResults()
	if err != nil {
		return err
	}
	return res.SetX("bar")
}

func (extendsServer) Bar(ctx context.Context, call testcp.TestInterface_bar) error {
	return capnp.Unimplemented("TestExtends.bar is not implemented")
}

func (extendsServer) Baz(ctx context.Context, call testcp.TestInterface_baz) error {
	return capnp.Unimplemented("TestExtends.baz is not implemented")
}

func (extendsServer) Qux(ctx context.Context, call testcp.TestExtends_qux) error { return nil }

func (extendsServer) Corge(ctx context.Context, call testcp.TestExtends_corge) error {
	a := call.Args()
	t, err := a.TextField()
	if err != nil {
		return err
	}
	if a.Int32Field() != -12345678 || t != "foo" {
		return failed(fmt.Sprintf("TestExtends.corge: expected int32Field = -12345678 and textField = \"foo\", got %d and %q", a.Int32Field(), t))
	}
	return nil
}

func (extendsServer) Grault(ctx context.Context, call testcp.TestExtends_grault) error {
	res, err := call.AllocResults()
	if err != nil {
		return err
	}
	return fillStandard(res)
}

// ---- TestPipeline ----

type pipelineServer struct{ counted }

// callFoo calls cap.foo(123, true) and checks that it answers "foo".
func callFoo(ctx context.Context, c testcp.TestInterface) error {
	if !c.IsValid() {
		return failed("capability is null")
	}
	f, release := c.Foo(ctx, func(p testcp.TestInterface_foo_Params) error {
		p.SetI(123)
		p.SetJ(true)
		return nil
	})
	defer release()
	r, err := f.Struct()
	if err != nil {
		return err
	}
	x, err := r.X()
	if err != nil {
		return err
	}
	if x != "foo" {
		return failed(fmt.Sprintf("foo(123, true) returned %q, expected \"foo\"", x))
	}
	return nil
}

func (pipelineServer) GetCap(ctx context.Context, call testcp.TestPipeline_getCap) error {
	a := call.Args()
	if a.N() != 234 {
		return failed(fmt.Sprintf("TestPipeline.getCap: expected n = 234, got %d", a.N()))
	}
	in := a.InCap().AddRef()
	call.Go() // waiting on a remote call: let other calls on this object proceed
	err := callFoo(ctx, in)
	in.Release()
	if err != nil {
		return err
	}
	res, err := call.AllocResults()
	if err != nil {
		return err
	}
	if err := res.SetS("bar"); err != nil {
		return err
	}
	box, err := res.NewOutBox()
	if err != nil {
		return err
	}
	return box.SetCap(testcp.TestInterface(newExtends()))
}

func (pipelineServer) GetAnyCap(ctx context.Context, call testcp.TestPipeline_getAnyCap) error {
	a := call.Args()
	if a.N() != 234 {
		return failed(fmt.Sprintf("TestPipeline.getAnyCap: expected n = 234, got %d", a.N()))
	}
	in := testcp.TestInterface(a.InCap().AddRef())
	call.Go()
	err := callFoo(ctx, in)
	in.Release()
	if err != nil {
		return err
	}
	res, err := call.AllocResults()
	if err != nil {
		return err
	}
	if err := res.SetS("bar"); err != nil {
		return err
	}
	box, err := res.NewOutBox()
	if err != nil {
		return err
	}
	return box.SetCap(capnp.Client(newExtends()))
}

func (pipelineServer) TestPointers(ctx context.Context, call testcp.TestPipeline_testPointers) error {
	return capnp.Unimplemented("TestPipeline.testPointers is not implemented")
}

func (pipelineServer) GetCapPipelineOnly(ctx context.Context, call testcp.TestPipeline_getCapPipelineOnly) error {
	return capnp.Unimplemented("TestPipeline.getCapPipelineOnly is not implemented")
}

// ---- TestCallOrder ----

type callOrderServer struct {
	counted
	mu sync.Mutex
	n  uint32
}

func (s *callOrderServer) next() uint32 {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.n
	s.n++
	return n
}

func (s *callOrderServer) GetCallSequence(ctx context.Context, call testcp.TestCallOrder_getCallSequence) error {
	res, err := call.AllocResults()
	if err != nil {
		return err
	}
	res.SetN(s.next())
	return nil
}

// ---- TestTailCallee / TestTailCaller ----

type tailCalleeServer struct{ counted }

func (tailCalleeServer) Foo(ctx context.Context, call testcp.TestTailCallee_foo) error {
	a := call.Args()
	t, err := a.T()
	if err != nil {
		return err
	}
	res, err := call.AllocResults()
	if err != nil {
		return err
	}
	res.SetI(uint32(a.I()))
	if err := res.SetT(t); err != nil {
		return err
	}
	return res.SetC(testcp.TestCallOrder_ServerToClient(&callOrderServer{counted: newCounted()}))
}

type tailCallerServer struct{ counted }

// Foo forwards: go-capnp (v3.0.0-alpha.30) has no tail calls (no way for a server method to
// answer with another call's results, nor does its rpc.Conn send Return.takeFromOtherQuestion),
// so the caller waits for the callee's results and copies them into its own.
func (tailCallerServer) Foo(ctx context.Context, call testcp.TestTailCaller_foo) error {
	a := call.Args()
	callee := a.Callee().AddRef()
	defer callee.Release()
	if !callee.IsValid() {
		return failed("TestTailCaller.foo: callee is null")
	}
	i := a.I()
	call.Go()
	f, release := callee.Foo(ctx, func(p testcp.TestTailCallee_foo_Params) error {
		p.SetI(i)
		return p.SetT("from TestTailCaller")
	})
	defer release()
	r, err := f.Struct()
	if err != nil {
		return err
	}
	t, err := r.T()
	if err != nil {
		return err
	}
	res, err := call.AllocResults()
	if err != nil {
		return err
	}
	res.SetI(r.I())
	if err := res.SetT(t); err != nil {
		return err
	}
	return res.SetC(r.C().AddRef())
}

// ---- TestStreaming ----

type streamingServer struct {
	counted
	mu             sync.Mutex
	totalI, totalJ uint32
}

func (s *streamingServer) DoStreamI(ctx context.Context, call testcp.TestStreaming_doStreamI) error {
	s.mu.Lock()
	s.totalI += call.Args().I()
	s.mu.Unlock()
	return nil
}

func (s *streamingServer) DoStreamJ(ctx context.Context, call testcp.TestStreaming_doStreamJ) error {
	s.mu.Lock()
	s.totalJ += call.Args().J()
	s.mu.Unlock()
	return nil
}

func (s *streamingServer) FinishStream(ctx context.Context, call testcp.TestStreaming_finishStream) error {
	res, err := call.AllocResults()
	if err != nil {
		return err
	}
	s.mu.Lock()
	res.SetTotalI(s.totalI)
	res.SetTotalJ(s.totalJ)
	s.mu.Unlock()
	return nil
}

// ---- TestHandle ----

type handleServer struct{ counted }

// ---- TestMoreStuff ----

type moreStuffServer struct {
	callOrderServer
	heldMu sync.Mutex
	held   testcp.TestInterface
}

func newMoreStuff() testcp.TestMoreStuff {
	return testcp.TestMoreStuff_ServerToClient(&moreStuffServer{callOrderServer: callOrderServer{counted: newCounted()}})
}

func (s *moreStuffServer) Shutdown() {
	s.heldMu.Lock()
	held := s.held
	s.held = testcp.TestInterface{}
	s.heldMu.Unlock()
	held.Release()
	s.callOrderServer.Shutdown()
}

func (s *moreStuffServer) CallFoo(ctx context.Context, call testcp.TestMoreStuff_callFoo) error {
	c := call.Args().Cap().AddRef()
	defer c.Release()
	call.Go()
	if err := callFoo(ctx, c); err != nil {
		return err
	}
	res, err := call.AllocResults()
	if err != nil {
		return err
	}
	return res.SetS("bar")
}

func (s *moreStuffServer) CallFooWhenResolved(ctx context.Context, call testcp.TestMoreStuff_callFooWhenResolved) error {
	c := call.Args().Cap().AddRef()
	defer c.Release()
	call.Go()
	if err := c.Resolve(ctx); err != nil {
		return err
	}
	if err := callFoo(ctx, c); err != nil {
		return err
	}
	res, err := call.AllocResults()
	if err != nil {
		return err
	}
	return res.SetS("bar")
}

// holdUntilCanceled keeps a reference to the argument until the caller cancels the call
// (go-capnp cancels the method's context when the Finish message arrives), then releases it.
func holdUntilCanceled(ctx context.Context, c testcp.TestInterface) error {
	<-ctx.Done()
	c.Release()
	return ctx.Err()
}

func (s *moreStuffServer) NeverReturn(ctx context.Context, call testcp.TestMoreStuff_neverReturn) error {
	c := call.Args().Cap().AddRef()
	call.Go()
	return holdUntilCanceled(ctx, c)
}

func (s *moreStuffServer) ExpectCancel(ctx context.Context, call testcp.TestMoreStuff_expectCancel) error {
	c := call.Args().Cap().AddRef()
	call.Go()
	return holdUntilCanceled(ctx, c)
}

func (s *moreStuffServer) Hold(ctx context.Context, call testcp.TestMoreStuff_hold) error {
	c := call.Args().Cap().AddRef()
	s.heldMu.Lock()
	old := s.held
	s.held = c
	s.heldMu.Unlock()
	old.Release()
	_, err := call.AllocResults()
	return err
}

func (s *moreStuffServer) getHeldRef() testcp.TestInterface {
	s.heldMu.Lock()
	defer s.heldMu.Unlock()
	return s.held.AddRef()
}

func (s *moreStuffServer) CallHeld(ctx context.Context, call testcp.TestMoreStuff_callHeld) error {
	c := s.getHeldRef()
	defer c.Release()
	call.Go()
	if err := callFoo(ctx, c); err != nil {
		return err
	}
	res, err := call.AllocResults()
	if err != nil {
		return err
	}
	return res.SetS("bar")
}

func (s *moreStuffServer) GetHeld(ctx context.Context, call testcp.TestMoreStuff_getHeld) error {
	res, err := call.AllocResults()
	if err != nil {
		return err
	}
	return res.SetCap(s.getHeldRef())
}

func (s *moreStuffServer) Echo(ctx context.Context, call testcp.TestMoreStuff_echo) error {
	res, err := call.AllocResults()
	if err != nil {
		return err
	}
	return res.SetCap(call.Args().Cap().AddRef())
}

func (s *moreStuffServer) MethodWithDefaults(ctx context.Context, call testcp.TestMoreStuff_methodWithDefaults) error {
	a := call.Args()
	aa, err := a.A()
	if err != nil {
		return err
	}
	c, err := a.C()
	if err != nil {
		return err
	}
	res, err := call.AllocResults()
	if err != nil {
		return err
	}
	return res.SetD(aa + strconv.FormatUint(uint64(a.B()), 10) + c) // e stays unset
}

func (s *moreStuffServer) GetHandle(ctx context.Context, call testcp.TestMoreStuff_getHandle) error {
	res, err := call.AllocResults()
	if err != nil {
		return err
	}
	return res.SetHandle(testcp.TestHandle_ServerToClient(&handleServer{counted: newCounted()}))
}

func (s *moreStuffServer) GetNull(ctx context.Context, call testcp.TestMoreStuff_getNull) error {
	_, err := call.AllocResults() // nullCap stays null
	return err
}

func (s *moreStuffServer) GetEnormousString(ctx context.Context, call testcp.TestMoreStuff_getEnormousString) error {
	return capnp.Unimplemented("TestMoreStuff.getEnormousString is not implemented")
}

func (s *moreStuffServer) MethodWithNullDefault(ctx context.Context, call testcp.TestMoreStuff_methodWithNullDefault) error {
	return capnp.Unimplemented("TestMoreStuff.methodWithNullDefault is not implemented")
}

func (s *moreStuffServer) WriteToFd(ctx context.Context, call testcp.TestMoreStuff_writeToFd) error {
	return capnp.Unimplemented("TestMoreStuff.writeToFd is not implemented")
}

func (s *moreStuffServer) ThrowException(ctx context.Context, call testcp.TestMoreStuff_throwException) error {
	return failed("test exception")
}
