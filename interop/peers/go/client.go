package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"capnproto.org/go/capnp/v3"
	"capnproto.org/go/capnp/v3/flowcontrol"
	"capnproto.org/go/capnp/v3/rpc"

	interopcp "capstan.interop/gopeer/build-out/gen"
	testcp "capstan.interop/gopeer/build-out/gen/capnp"
)

type scenario struct {
	name string
	run  func(ctx context.Context, boot interopcp.Interop) error
}

var scenarios = []scenario{
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
}

const scenarioTimeout = 10 * time.Second

// clientReporter prints what go-capnp reports of the connection (a message it could not handle,
// an Abort it received), so that a failed scenario's cause is in the log.
type clientReporter struct{}

func (clientReporter) ReportError(err error) { fmt.Fprintln(os.Stderr, "gopeer client: rpc:", err) }

func runClient(addr string, names []string) int {
	selected := scenarios
	var unknown []string
	if len(names) > 0 {
		want := map[string]bool{}
		for _, n := range names {
			want[n] = true
		}
		selected = nil
		for _, s := range scenarios {
			if want[s.name] {
				selected = append(selected, s)
				delete(want, s.name)
			}
		}
		for _, n := range names {
			if want[n] {
				unknown = append(unknown, n)
				delete(want, n)
			}
		}
	}

	passed, failedN := 0, 0
	fail := func(name, reason string) {
		reason = strings.ReplaceAll(reason, "\n", " ")
		fmt.Printf("FAIL %s: %s\n", name, reason)
		failedN++
	}
	for _, n := range unknown {
		fail(n, "unknown scenario")
	}

	var conn *rpc.Conn
	var boot interopcp.Interop
	connect := func() error {
		nc, err := net.Dial("tcp", addr)
		if err != nil {
			return err
		}
		conn = rpc.NewConn(rpc.NewStreamTransport(nc), &rpc.Options{ErrorReporter: clientReporter{}})
		boot = interopcp.Interop(conn.Bootstrap(context.Background()))
		return nil
	}
	if err := connect(); err != nil {
		for _, s := range selected {
			fail(s.name, "cannot connect: "+err.Error())
		}
		fmt.Printf("%d passed, %d failed\n", passed, failedN)
		return 1
	}

	needReconnect := false
	for _, s := range selected {
		if needReconnect {
			// One connection for the whole run, unless go-capnp has torn it down: it aborts the
			// connection on a message it cannot handle (e.g. a Return of type
			// takeFromOtherQuestion, which servers that make tail calls send). The scenario that
			// caused it has failed already; the rest run on a new connection so that they still
			// test something.
			fmt.Fprintf(os.Stderr, "gopeer client: the connection is broken; reconnecting for %s and the scenarios after it\n", s.name)
			old, oldBoot := conn, boot
			go func() { oldBoot.Release(); old.Close() }()
			if err := connect(); err != nil {
				fail(s.name, "cannot reconnect: "+err.Error())
				continue
			}
			needReconnect = false
		}
		ctx, cancel := context.WithTimeout(context.Background(), scenarioTimeout)
		done := make(chan error, 1)
		go func() {
			defer func() {
				if r := recover(); r != nil {
					done <- fmt.Errorf("panic: %v", r)
				}
			}()
			done <- s.run(ctx, boot)
		}()
		var err error
		select {
		case err = <-done:
		case <-ctx.Done():
			// Give the scenario a moment to notice its canceled context and report that.
			select {
			case err = <-done:
			case <-time.After(500 * time.Millisecond):
			}
			if err == nil {
				err = errors.New("hung: no result after 10 s")
			} else {
				err = fmt.Errorf("hung: no result after 10 s (%v)", err)
			}
		}
		cancel()
		if err != nil {
			fail(s.name, err.Error())
			needReconnect = !connectionAlive(conn, boot)
		} else {
			fmt.Printf("ok %s\n", s.name)
			passed++
		}
	}

	fmt.Printf("%d passed, %d failed\n", passed, failedN)
	// Close the connection (it sends an Abort); don't let a stuck peer keep the process alive.
	closed := make(chan struct{})
	go func() { boot.Release(); conn.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(2 * time.Second):
	}
	if failedN > 0 {
		return 1
	}
	return 0
}

// connectionAlive reports whether the connection still answers a call (after a failed scenario).
func connectionAlive(conn *rpc.Conn, boot interopcp.Interop) bool {
	select {
	case <-conn.Done():
		return false
	default:
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, err := liveObjects(ctx, boot)
	return err == nil
}

// ---- objects the client hosts ----

// testInterfaceImpl is the client's TestInterface: foo(123, true) -> "foo".
type testInterfaceImpl struct {
	calls    atomic.Int32
	shutdown chan struct{} // closed when go-capnp drops the last reference
}

func newTestInterface() (*testInterfaceImpl, testcp.TestInterface) {
	impl := &testInterfaceImpl{shutdown: make(chan struct{})}
	return impl, testcp.TestInterface_ServerToClient(impl)
}

func (t *testInterfaceImpl) Foo(ctx context.Context, call testcp.TestInterface_foo) error {
	t.calls.Add(1)
	a := call.Args()
	if a.I() != 123 || a.J() != true {
		return failed(fmt.Sprintf("TestInterface.foo: expected (123, true), got (%d, %v)", a.I(), a.J()))
	}
	res, err := call.AllocResults()
	if err != nil {
		return err
	}
	return res.SetX("foo")
}

func (t *testInterfaceImpl) Bar(ctx context.Context, call testcp.TestInterface_bar) error {
	return capnp.Unimplemented("TestInterface.bar is not implemented")
}

func (t *testInterfaceImpl) Baz(ctx context.Context, call testcp.TestInterface_baz) error {
	return capnp.Unimplemented("TestInterface.baz is not implemented")
}

func (t *testInterfaceImpl) Shutdown() { close(t.shutdown) }

// clientCallOrder is the client's TestCallOrder.
type clientCallOrder struct {
	mu sync.Mutex
	n  uint32
}

func (c *clientCallOrder) GetCallSequence(ctx context.Context, call testcp.TestCallOrder_getCallSequence) error {
	res, err := call.AllocResults()
	if err != nil {
		return err
	}
	c.mu.Lock()
	res.SetN(c.n)
	c.n++
	c.mu.Unlock()
	return nil
}

// clientTailCallee is the client's TestTailCallee.
type clientTailCallee struct{}

func (clientTailCallee) Foo(ctx context.Context, call testcp.TestTailCallee_foo) error {
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
	return res.SetC(testcp.TestCallOrder_ServerToClient(&clientCallOrder{}))
}

// ---- helpers ----

// moreStuff returns an owned reference to a new TestMoreStuff (the caller releases it).
func moreStuff(ctx context.Context, boot interopcp.Interop) (testcp.TestMoreStuff, error) {
	f, release := boot.MoreStuff(ctx, nil)
	defer release()
	r, err := f.Struct()
	if err != nil {
		return testcp.TestMoreStuff{}, fmt.Errorf("moreStuff(): %w", err)
	}
	return r.Cap().AddRef(), nil
}

func liveObjects(ctx context.Context, boot interopcp.Interop) (uint32, error) {
	f, release := boot.LiveObjects(ctx, nil)
	defer release()
	r, err := f.Struct()
	if err != nil {
		return 0, fmt.Errorf("liveObjects(): %w", err)
	}
	return r.Count(), nil
}

func getCallSequence(ctx context.Context, c testcp.TestCallOrder, expected uint32) (testcp.TestCallOrder_getCallSequence_Results_Future, capnp.ReleaseFunc) {
	return c.GetCallSequence(ctx, func(p testcp.TestCallOrder_getCallSequence_Params) error {
		p.SetExpected(expected)
		return nil
	})
}

func seqResult(f testcp.TestCallOrder_getCallSequence_Results_Future) (uint32, error) {
	r, err := f.Struct()
	if err != nil {
		return 0, err
	}
	return r.N(), nil
}

// ---- scenarios ----

func scenarioBootstrap(ctx context.Context, boot interopcp.Interop) error {
	m, err := moreStuff(ctx, boot)
	if err != nil {
		return err
	}
	defer m.Release()
	f, release := getCallSequence(ctx, testcp.TestCallOrder(m), 0)
	defer release()
	n, err := seqResult(f)
	if err != nil {
		return fmt.Errorf("getCallSequence(0): %w", err)
	}
	if n != 0 {
		return fmt.Errorf("getCallSequence(0) returned %d, want 0", n)
	}
	return nil
}

func scenarioAllTypes(ctx context.Context, boot interopcp.Interop) error {
	f, release := boot.EchoAllTypes(ctx, func(p interopcp.Interop_echoAllTypes_Params) error {
		v, err := p.NewValue()
		if err != nil {
			return err
		}
		return fillStandard(v)
	})
	defer release()
	r, err := f.Struct()
	if err != nil {
		return fmt.Errorf("echoAllTypes: %w", err)
	}
	v, err := r.Value()
	if err != nil {
		return fmt.Errorf("echoAllTypes result: %w", err)
	}
	return checkStandard(v)
}

func scenarioExtends(ctx context.Context, boot interopcp.Interop) error {
	tf, trel := boot.TestExtends(ctx, nil)
	defer trel()
	tr, err := tf.Struct()
	if err != nil {
		return fmt.Errorf("testExtends(): %w", err)
	}
	te := tr.Cap().AddRef()
	defer te.Release()

	ff, frel := te.Foo(ctx, func(p testcp.TestInterface_foo_Params) error {
		p.SetI(321)
		p.SetJ(false)
		return nil
	})
	defer frel()
	fr, err := ff.Struct()
	if err != nil {
		return fmt.Errorf("foo(321, false): %w", err)
	}
	if x, _ := fr.X(); x != "bar" {
		return fmt.Errorf("foo(321, false) returned %q, want \"bar\"", x)
	}

	gf, grel := te.Grault(ctx, nil)
	defer grel()
	gr, err := gf.Struct()
	if err != nil {
		return fmt.Errorf("grault(): %w", err)
	}
	if err := checkStandard(gr); err != nil {
		return fmt.Errorf("grault(): %w", err)
	}

	cf, crel := te.Corge(ctx, fillStandard)
	defer crel()
	if _, err := cf.Struct(); err != nil {
		return fmt.Errorf("corge(standard value): %w", err)
	}
	return nil
}

func scenarioCallback(ctx context.Context, boot interopcp.Interop) error {
	impl, ti := newTestInterface()
	defer ti.Release()
	m, err := moreStuff(ctx, boot)
	if err != nil {
		return err
	}
	defer m.Release()
	f, release := m.CallFoo(ctx, func(p testcp.TestMoreStuff_callFoo_Params) error {
		return p.SetCap(ti.AddRef())
	})
	defer release()
	r, err := f.Struct()
	if err != nil {
		return fmt.Errorf("callFoo: %w", err)
	}
	if s, _ := r.S(); s != "bar" {
		return fmt.Errorf("callFoo returned %q, want \"bar\"", s)
	}
	if n := impl.calls.Load(); n != 1 {
		return fmt.Errorf("the client's TestInterface was called %d times, want 1", n)
	}
	return nil
}

func scenarioPipelining(ctx context.Context, boot interopcp.Interop) error {
	impl, ti := newTestInterface()
	defer ti.Release()
	// Nothing is waited for until all three calls are sent.
	p, prel := boot.Pipeline(ctx, nil)
	defer prel()
	r, rrel := p.Cap().GetCap(ctx, func(ps testcp.TestPipeline_getCap_Params) error {
		ps.SetN(234)
		return ps.SetInCap(ti.AddRef())
	})
	defer rrel()
	f, frel := r.OutBox().Cap().Foo(ctx, func(ps testcp.TestInterface_foo_Params) error {
		ps.SetI(321)
		ps.SetJ(false)
		return nil
	})
	defer frel()

	fr, err := f.Struct()
	if err != nil {
		return fmt.Errorf("pipelined outBox.cap.foo(321, false): %w", err)
	}
	if x, _ := fr.X(); x != "bar" {
		return fmt.Errorf("outBox.cap.foo(321, false) returned %q, want \"bar\"", x)
	}
	rr, err := r.Struct()
	if err != nil {
		return fmt.Errorf("getCap(234, cap): %w", err)
	}
	if s, _ := rr.S(); s != "bar" {
		return fmt.Errorf("getCap returned s = %q, want \"bar\"", s)
	}
	if n := impl.calls.Load(); n != 1 {
		return fmt.Errorf("the client's TestInterface was called %d times, want 1", n)
	}
	return nil
}

func scenarioHold(ctx context.Context, boot interopcp.Interop) error {
	_, ti := newTestInterface()
	defer ti.Release()
	m, err := moreStuff(ctx, boot)
	if err != nil {
		return err
	}
	defer m.Release()

	hf, hrel := m.Hold(ctx, func(p testcp.TestMoreStuff_hold_Params) error { return p.SetCap(ti.AddRef()) })
	defer hrel()
	if _, err := hf.Struct(); err != nil {
		return fmt.Errorf("hold(cap): %w", err)
	}

	cf, crel := m.CallHeld(ctx, nil)
	defer crel()
	cr, err := cf.Struct()
	if err != nil {
		return fmt.Errorf("callHeld(): %w", err)
	}
	if s, _ := cr.S(); s != "bar" {
		return fmt.Errorf("callHeld() returned %q, want \"bar\"", s)
	}

	gf, grel := m.GetHeld(ctx, nil)
	defer grel()
	gr, err := gf.Struct()
	if err != nil {
		return fmt.Errorf("getHeld(): %w", err)
	}
	held := gr.Cap().AddRef()
	defer held.Release()
	if !held.IsValid() {
		return errors.New("getHeld() returned a null capability")
	}
	if err := callFoo(ctx, held); err != nil {
		return fmt.Errorf("getHeld().foo(123, true): %w", err)
	}

	nf, nrel := m.Hold(ctx, func(p testcp.TestMoreStuff_hold_Params) error { return nil }) // hold(null)
	defer nrel()
	if _, err := nf.Struct(); err != nil {
		return fmt.Errorf("hold(null): %w", err)
	}
	return nil
}

func scenarioEmbargo(ctx context.Context, boot interopcp.Interop) error {
	c := testcp.TestCallOrder_ServerToClient(&clientCallOrder{})
	defer c.Release()
	m, err := moreStuff(ctx, boot)
	if err != nil {
		return err
	}
	defer m.Release()

	early, erel := getCallSequence(ctx, testcp.TestCallOrder(m), 0)
	defer erel()
	e, echoRel := m.Echo(ctx, func(p testcp.TestMoreStuff_echo_Params) error { return p.SetCap(c.AddRef()) })
	defer echoRel()
	// A promise for the echoed capability; borrowed from the answer, valid until echoRel.
	pipelined := e.Cap()

	var results []testcp.TestCallOrder_getCallSequence_Results_Future
	var releases []capnp.ReleaseFunc
	defer func() {
		for _, rel := range releases {
			rel()
		}
	}()
	send := func(n uint32) {
		f, rel := getCallSequence(ctx, pipelined, n)
		results = append(results, f)
		releases = append(releases, rel)
	}

	send(0)
	send(1)
	if _, err := seqResult(early); err != nil {
		return fmt.Errorf("m.getCallSequence(0): %w", err)
	}
	send(2)
	if _, err := e.Struct(); err != nil {
		return fmt.Errorf("echo(C): %w", err)
	}
	send(3)
	send(4)
	send(5)
	for i, f := range results {
		n, err := seqResult(f)
		if err != nil {
			return fmt.Errorf("call %d on the echoed capability: %w", i, err)
		}
		if n != uint32(i) {
			return fmt.Errorf("call %d on the echoed capability returned %d (calls arrived out of order)", i, n)
		}
	}
	return nil
}

func checkTailResult(r testcp.TestTailCallee_TailResult, ctx context.Context, wantI uint32) error {
	if r.I() != wantI {
		return fmt.Errorf("i = %d, want %d", r.I(), wantI)
	}
	if t, _ := r.T(); t != "from TestTailCaller" {
		return fmt.Errorf("t = %q, want \"from TestTailCaller\"", t)
	}
	c := r.C()
	if !c.IsValid() {
		return errors.New("c is null")
	}
	f, rel := getCallSequence(ctx, c, 0)
	defer rel()
	n, err := seqResult(f)
	if err != nil {
		return fmt.Errorf("c.getCallSequence(0): %w", err)
	}
	if n != 0 {
		return fmt.Errorf("c.getCallSequence(0) = %d, want 0", n)
	}
	return nil
}

func tailCallVia(ctx context.Context, boot interopcp.Interop, callee testcp.TestTailCallee, i int32) error {
	tf, trel := boot.TailCaller(ctx, nil)
	defer trel()
	tr, err := tf.Struct()
	if err != nil {
		return fmt.Errorf("tailCaller(): %w", err)
	}
	caller := tr.Cap().AddRef()
	defer caller.Release()
	f, rel := caller.Foo(ctx, func(p testcp.TestTailCaller_foo_Params) error {
		p.SetI(i)
		return p.SetCallee(callee.AddRef())
	})
	defer rel()
	r, err := f.Struct()
	if err != nil {
		return fmt.Errorf("foo(%d, callee): %w", i, err)
	}
	if err := checkTailResult(r, ctx, uint32(i)); err != nil {
		return fmt.Errorf("foo(%d, callee): %w", i, err)
	}
	return nil
}

func scenarioTailCall(ctx context.Context, boot interopcp.Interop) error {
	local := testcp.TestTailCallee_ServerToClient(clientTailCallee{})
	defer local.Release()
	if err := tailCallVia(ctx, boot, local, 456); err != nil {
		return fmt.Errorf("client-hosted callee: %w", err)
	}

	cf, crel := boot.TailCallee(ctx, nil)
	defer crel()
	cr, err := cf.Struct()
	if err != nil {
		return fmt.Errorf("tailCallee(): %w", err)
	}
	remote := cr.Cap().AddRef()
	defer remote.Release()
	if err := tailCallVia(ctx, boot, remote, 789); err != nil {
		return fmt.Errorf("server-hosted callee: %w", err)
	}
	return nil
}

func scenarioCancel(ctx context.Context, boot interopcp.Interop) error {
	impl, x := newTestInterface()
	xReleased := false
	defer func() {
		if !xReleased {
			x.Release()
		}
	}()
	m, err := moreStuff(ctx, boot)
	if err != nil {
		return err
	}
	defer m.Release()

	// Canceling a call in go-capnp = canceling the context it was sent with; the Conn then sends
	// Finish for the question.
	callCtx, cancelCall := context.WithCancel(ctx)
	defer cancelCall()
	ec, ecRel := m.ExpectCancel(callCtx, func(p testcp.TestMoreStuff_expectCancel_Params) error {
		return p.SetCap(x.AddRef())
	})

	sf, srel := getCallSequence(ctx, testcp.TestCallOrder(m), 0)
	_, err = seqResult(sf)
	srel()
	if err != nil {
		ecRel()
		return fmt.Errorf("getCallSequence(0) after expectCancel: %w", err)
	}
	select {
	case <-ec.Done():
		ecRel()
		_, err := ec.Struct()
		return fmt.Errorf("expectCancel returned before it was canceled (err = %v)", err)
	default:
	}
	cancelCall()
	ecRel()
	x.Release()
	xReleased = true

	select {
	case <-impl.shutdown:
		return nil
	case <-time.After(2 * time.Second):
		return errors.New("the server did not release the capability within 2 s of the cancellation")
	case <-ctx.Done():
		return ctx.Err()
	}
}

func scenarioException(ctx context.Context, boot interopcp.Interop) error {
	m, err := moreStuff(ctx, boot)
	if err != nil {
		return err
	}
	defer m.Release()
	f, rel := m.ThrowException(ctx, nil)
	defer rel()
	_, err = f.Struct()
	if err == nil {
		return errors.New("throwException() returned normally")
	}
	if !strings.Contains(err.Error(), "test exception") {
		return fmt.Errorf("throwException() failed with %q, which does not contain \"test exception\"", err.Error())
	}
	return nil
}

func scenarioStreaming(ctx context.Context, boot interopcp.Interop) error {
	sf, srel := boot.Streaming(ctx, nil)
	defer srel()
	sr, err := sf.Struct()
	if err != nil {
		return fmt.Errorf("streaming(): %w", err)
	}
	st := sr.Cap().AddRef()
	defer st.Release()
	// go-capnp's flow control: at most this many bytes of calls in flight on st; stream calls
	// (SendStreamCall under DoStreamI/J) block when the window is full.
	st.SetFlowLimiter(flowcontrol.NewFixedLimiter(1024))

	for i := uint32(0); i < 100; i++ {
		if err := st.DoStreamI(ctx, func(p testcp.TestStreaming_doStreamI_Params) error {
			p.SetI(i)
			return nil
		}); err != nil {
			return fmt.Errorf("doStreamI(%d): %w", i, err)
		}
		if i < 50 {
			if err := st.DoStreamJ(ctx, func(p testcp.TestStreaming_doStreamJ_Params) error {
				p.SetJ(i)
				return nil
			}); err != nil {
				return fmt.Errorf("doStreamJ(%d): %w", i, err)
			}
		}
	}
	if err := st.WaitStreaming(); err != nil {
		return fmt.Errorf("stream calls: %w", err)
	}
	ff, frel := st.FinishStream(ctx, nil)
	defer frel()
	fr, err := ff.Struct()
	if err != nil {
		return fmt.Errorf("finishStream(): %w", err)
	}
	if fr.TotalI() != 4950 || fr.TotalJ() != 1225 {
		return fmt.Errorf("finishStream() = (totalI = %d, totalJ = %d), want (4950, 1225)", fr.TotalI(), fr.TotalJ())
	}
	return nil
}

func scenarioNullCap(ctx context.Context, boot interopcp.Interop) error {
	m, err := moreStuff(ctx, boot)
	if err != nil {
		return err
	}
	defer m.Release()
	f, rel := m.GetNull(ctx, nil)
	defer rel()
	r, err := f.Struct()
	if err != nil {
		return fmt.Errorf("getNull(): %w", err)
	}
	n := r.NullCap()
	if n.IsValid() {
		return errors.New("getNull() returned a non-null capability")
	}
	cf, crel := getCallSequence(ctx, testcp.TestCallOrder(n), 0)
	defer crel()
	if _, err := seqResult(cf); err == nil {
		return errors.New("a call on the null capability succeeded")
	}
	return nil
}

func scenarioDefaults(ctx context.Context, boot interopcp.Interop) error {
	m, err := moreStuff(ctx, boot)
	if err != nil {
		return err
	}
	defer m.Release()
	f, rel := m.MethodWithDefaults(ctx, func(p testcp.TestMoreStuff_methodWithDefaults_Params) error {
		return p.SetA("x")
	})
	defer rel()
	r, err := f.Struct()
	if err != nil {
		return fmt.Errorf("methodWithDefaults(a = \"x\"): %w", err)
	}
	d, _ := r.D()
	e, _ := r.E()
	if d != "x123foo" || e != "bar" {
		return fmt.Errorf("methodWithDefaults(a = \"x\") = (d = %q, e = %q), want (\"x123foo\", \"bar\")", d, e)
	}
	return nil
}

// waitLive polls liveObjects() until it equals want or the deadline passes.
func waitLive(ctx context.Context, boot interopcp.Interop, want uint32, within time.Duration) error {
	deadline := time.Now().Add(within)
	for {
		n, err := liveObjects(ctx, boot)
		if err != nil {
			return err
		}
		if n == want {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("liveObjects() is %d after %v, want %d", n, within, want)
		}
		select {
		case <-time.After(50 * time.Millisecond):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func scenarioHandles(ctx context.Context, boot interopcp.Interop) error {
	m, err := moreStuff(ctx, boot)
	if err != nil {
		return err
	}
	defer m.Release()
	// go-capnp (either side) runs an object's Shutdown shortly after its last release, so let the
	// releases of earlier scenarios finish before taking the baseline.
	before, err := settledLiveObjects(ctx, boot)
	if err != nil {
		return err
	}
	var handles []testcp.TestHandle
	releaseHandles := func() {
		for _, h := range handles {
			h.Release()
		}
		handles = nil
	}
	defer releaseHandles()
	for i := 0; i < 3; i++ {
		f, rel := m.GetHandle(ctx, nil)
		r, err := f.Struct()
		if err != nil {
			rel()
			return fmt.Errorf("getHandle(): %w", err)
		}
		handles = append(handles, r.Handle().AddRef())
		rel()
	}
	during, err := liveObjects(ctx, boot)
	if err != nil {
		return err
	}
	if during < before+3 {
		return fmt.Errorf("liveObjects() is %d with three handles held, want at least %d", during, before+3)
	}
	releaseHandles()
	return waitLive(ctx, boot, before, 2*time.Second)
}

// settledLiveObjects returns liveObjects() once three reads 50 ms apart agree (or after 1 s).
func settledLiveObjects(ctx context.Context, boot interopcp.Interop) (uint32, error) {
	deadline := time.Now().Add(time.Second)
	last, same := uint32(0), 0
	for {
		n, err := liveObjects(ctx, boot)
		if err != nil {
			return 0, err
		}
		if same > 0 && n == last {
			same++
		} else {
			last, same = n, 1
		}
		if same >= 3 || time.Now().After(deadline) {
			return n, nil
		}
		select {
		case <-time.After(50 * time.Millisecond):
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
}

func scenarioRelease(ctx context.Context, boot interopcp.Interop) error {
	return waitLive(ctx, boot, 0, 3*time.Second)
}
