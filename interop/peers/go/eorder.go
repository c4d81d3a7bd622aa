package main

// e-order: random call sequences that only the embargoes keep in order.
//
// The sequences of Capstan's client's `e-order` (interop/README.md), made by go-capnp: its
// embargoes keep the client's calls in order while the server echoes and holds references and
// hands them back, and a step may drop an echo's result with the reference it made, returned or
// not (then go-capnp cancels the question by sending Finish). CAPSTAN_E_ORDER_SEED repeats a run;
// CAPSTAN_E_ORDER_PROMISES=0 hands the server the client's objects only;
// CAPSTAN_E_ORDER_PIPELINED=0 waits for each call that makes a reference before calling through
// the reference, so no call is pipelined. go-capnp v3.0.0-alpha.30 needs that: after a question
// has returned and been finished, it still sends calls made through the question's pipelined
// references to that question (go-capnp issue 626), and every server aborts the connection.

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"time"

	"capnproto.org/go/capnp/v3"

	interopcp "capstan.interop/gopeer/build-out/gen"
	testcp "capstan.interop/gopeer/build-out/gen/capnp"
)

const (
	eOrderRounds = 4
	eOrderSteps  = 80
	eOrderLocals = 3
)

// seededRandom is mulberry32, the generator of Capstan's client: a seed gives the same sequence.
type seededRandom uint32

func (r *seededRandom) next() float64 {
	*r += 0x6d2b79f5
	t := uint32(*r)
	t = (t ^ (t >> 15)) * (t | 1)
	t ^= t + (t^(t>>7))*(t|61)
	return float64(t^(t>>14)) / 4294967296.0
}

func (r *seededRandom) below(n int) int { return int(r.next() * float64(n)) }

// orderedCall is a getCallSequence call in flight; a step may cancel it.
type orderedCall struct {
	future   testcp.TestCallOrder_getCallSequence_Results_Future
	release  capnp.ReleaseFunc
	cancel   context.CancelFunc
	canceled bool
}

// heldResult is an echo whose result made a reference; a step may drop it early.
type heldResult struct {
	future  testcp.TestMoreStuff_echo_Results_Future
	release capnp.ReleaseFunc
	cancel  context.CancelFunc
	dropped bool
	// canceled: dropped before it returned, so calls through what it made may fail.
	canceled bool
}

// orderedPath is a reference the round calls through, and its calls in the order made.
type orderedPath struct {
	name string
	// local: it leads to one of the client's own objects.
	local bool
	// cap is the zero client once the result it came from was dropped: no calls go through it.
	cap    testcp.TestCallOrder
	calls  []*orderedCall
	origin *heldResult
	from   *orderedPath
}

// canceledUpstream: calls through p may fail, because an echo it came from was canceled by a drop.
func canceledUpstream(p *orderedPath) bool {
	for ; p != nil; p = p.from {
		if p.origin != nil && p.origin.canceled {
			return true
		}
	}
	return false
}

// pending is anything a wait step can wait for.
type pending interface{ Done() <-chan struct{} }

func eOrderRound(ctx context.Context, boot interopcp.Interop, seed uint32, promises, pipelined bool) (err error) {
	random := seededRandom(seed)
	liveBefore, err := liveObjects(ctx, boot)
	if err != nil {
		return err
	}
	var paths []*orderedPath
	var results []*heldResult
	var cleanups []func()
	defer func() {
		for i := len(cleanups) - 1; i >= 0; i-- {
			cleanups[i]()
		}
	}()
	for k := 0; k < eOrderLocals; k++ {
		c := testcp.TestCallOrder_ServerToClient(&clientCallOrder{})
		paths = append(paths, &orderedPath{name: fmt.Sprintf("C%d", k), local: true, cap: c})
	}
	// Called through the promise of moreStuff(), pipelined until it resolves.
	var stuff []testcp.TestMoreStuff
	for i := 0; i < 2; i++ {
		f, rel := boot.MoreStuff(ctx, nil)
		cleanups = append(cleanups, rel)
		if !pipelined {
			if _, err := f.Struct(); err != nil {
				return fmt.Errorf("moreStuff(): %w", err)
			}
		}
		m := f.Cap().AddRef()
		stuff = append(stuff, m)
		paths = append(paths, &orderedPath{name: fmt.Sprintf("m%d", i), cap: testcp.TestCallOrder(m.AddRef())})
	}
	cleanups = append(cleanups, func() {
		for _, p := range paths {
			for _, c := range p.calls {
				c.cancel()
				c.release()
			}
			if p.cap.IsValid() {
				p.cap.Release()
			}
		}
		for _, r := range results {
			r.cancel()
			r.release()
		}
		for _, m := range stuff {
			m.Release()
		}
	})
	usable := func(limit int, localOnly bool) []*orderedPath {
		var live []*orderedPath
		for _, p := range paths[:limit] {
			if p.cap.IsValid() && (!localOnly || p.local) {
				live = append(live, p)
			}
		}
		return live
	}
	// pickGiven picks a reference to hand to the server: with promises any usable one, else one of
	// the client's own objects.
	pickGiven := func(localOnly bool) *orderedPath {
		limit := eOrderLocals
		if promises {
			limit = len(paths)
		}
		live := usable(limit, localOnly)
		return live[random.below(len(live))]
	}
	var held []pending
	var handles []capnp.ReleaseFunc
	cleanups = append(cleanups, func() {
		for _, rel := range handles {
			rel()
		}
	})

	for step := 0; step < eOrderSteps; step++ {
		r := random.next()
		switch {
		case r < 0.52:
			live := usable(len(paths), false)
			p := live[random.below(len(live))]
			callCtx, cancel := context.WithCancel(ctx)
			f, rel := getCallSequence(callCtx, p.cap, 0)
			p.calls = append(p.calls, &orderedCall{future: f, release: rel, cancel: cancel})
		case r < 0.55:
			// An echo's result is dropped with the reference it made, returned or not (then the
			// call is canceled). Nothing but calls through what it made may then fail.
			var live []*heldResult
			for _, h := range results {
				if !h.dropped {
					live = append(live, h)
				}
			}
			if len(live) > 0 {
				h := live[random.below(len(live))]
				h.dropped = true
				select {
				case <-h.future.Done():
				default:
					h.canceled = true
				}
				h.cancel() // go-capnp sends Finish for a question whose context ends unanswered
				for _, p := range paths {
					if p.origin == h {
						p.cap.Release()
						p.cap = testcp.TestCallOrder{}
					}
				}
			}
		case r < 0.7:
			// Any reference may be handed over, promises included.
			i := random.below(len(stuff))
			g := pickGiven(false)
			callCtx, cancel := context.WithCancel(ctx)
			f, rel := stuff[i].Echo(callCtx, func(p testcp.TestMoreStuff_echo_Params) error {
				return p.SetCap(g.cap.AddRef())
			})
			h := &heldResult{future: f, release: rel, cancel: cancel}
			results = append(results, h)
			if !pipelined {
				if _, err := f.Struct(); err != nil {
					return fmt.Errorf("echo(%s): %w", g.name, err)
				}
			}
			paths = append(paths, &orderedPath{
				name:   fmt.Sprintf("m%d.echo(%s).cap", i, g.name),
				local:  g.local,
				cap:    f.Cap().AddRef(),
				origin: h,
				from:   g,
			})
		case r < 0.8:
			// Only references to the client's objects are held (a server object holding one of
			// the server's could make a cycle that reference counting never releases).
			i := random.below(len(stuff))
			g := pickGiven(true)
			hf, hrel := stuff[i].Hold(ctx, func(p testcp.TestMoreStuff_hold_Params) error {
				return p.SetCap(testcp.TestInterface(g.cap.AddRef()))
			})
			gf, grel := stuff[i].GetHeld(ctx, nil)
			cleanups = append(cleanups, hrel, grel)
			held = append(held, hf, gf)
			if !pipelined {
				if _, err := gf.Struct(); err != nil {
					return fmt.Errorf("getHeld() after hold(%s): %w", g.name, err)
				}
			}
			paths = append(paths, &orderedPath{
				name:  fmt.Sprintf("m%d.getHeld().cap after hold(%s)", i, g.name),
				local: true,
				cap:   testcp.TestCallOrder(gf.Cap().AddRef()),
				from:  g,
			})
		case r < 0.86:
			_, rel := stuff[random.below(len(stuff))].GetHandle(ctx, nil)
			handles = append(handles, rel)
		case r < 0.9:
			if len(handles) > 0 {
				k := random.below(len(handles))
				handles[k]()
				handles = append(handles[:k], handles[k+1:]...)
			}
		case r < 0.96:
			// Wait for a random pending call or result (how it ends is checked below).
			var waiting []pending
			for _, p := range paths {
				for _, c := range p.calls {
					if !c.canceled {
						waiting = append(waiting, c.future)
					}
				}
			}
			waiting = append(waiting, held...)
			for _, h := range results {
				if !h.dropped {
					waiting = append(waiting, h.future)
				}
			}
			if len(waiting) > 0 {
				select {
				case <-waiting[random.below(len(waiting))].Done():
				case <-ctx.Done():
					return ctx.Err()
				}
			}
		default:
			var live []*orderedCall
			for _, p := range paths {
				for _, c := range p.calls {
					if !c.canceled {
						live = append(live, c)
					}
				}
			}
			if len(live) > 0 {
				c := live[random.below(len(live))]
				c.canceled = true
				c.cancel()
			}
		}
	}

	for _, p := range paths {
		excused := canceledUpstream(p)
		var seen []uint32
		for _, c := range p.calls {
			if c.canceled {
				continue
			}
			n, err := seqResult(c.future)
			if err != nil {
				if excused {
					continue
				}
				return fmt.Errorf("a call through %s: %w", p.name, err)
			}
			seen = append(seen, n)
		}
		for k := 1; k < len(seen); k++ {
			if seen[k] <= seen[k-1] {
				return fmt.Errorf("calls through %s were counted %v: out of order", p.name, seen)
			}
		}
	}
	for _, h := range held {
		select {
		case <-h.Done():
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	for _, p := range paths {
		if p.origin != nil && !p.origin.dropped && !canceledUpstream(p) {
			if _, err := p.origin.future.Struct(); err != nil {
				return fmt.Errorf("echo for %s: %w", p.name, err)
			}
		}
	}
	// Everything the round made on the server is released once the client drops it (at most as
	// many as before: an object of an earlier scenario may still be on its way out).
	for i := len(cleanups) - 1; i >= 0; i-- {
		cleanups[i]()
	}
	cleanups = nil
	deadline := time.Now().Add(2 * time.Second)
	for {
		n, err := liveObjects(ctx, boot)
		if err != nil {
			return err
		}
		if n <= liveBefore {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the server's liveObjects is %d after the round, %d before", n, liveBefore)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func scenarioEOrder(ctx context.Context, boot interopcp.Interop) error {
	seed := uint32(time.Now().UnixNano() % 1_000_000_000)
	if given, ok := os.LookupEnv("CAPSTAN_E_ORDER_SEED"); ok {
		n, err := strconv.ParseUint(given, 10, 32)
		if err != nil {
			return fmt.Errorf("CAPSTAN_E_ORDER_SEED=%s is not a seed", given)
		}
		seed = uint32(n)
	}
	promises := os.Getenv("CAPSTAN_E_ORDER_PROMISES") != "0"
	pipelined := os.Getenv("CAPSTAN_E_ORDER_PIPELINED") != "0"
	// Within the scenario's 10 s, so that a round that hangs still names its seed.
	roundCtx, cancel := context.WithTimeout(ctx, 9500*time.Millisecond)
	defer cancel()
	for round := uint32(0); round < eOrderRounds; round++ {
		s := seed + round
		if err := eOrderRound(roundCtx, boot, s, promises, pipelined); err != nil {
			return fmt.Errorf("round of seed %d (CAPSTAN_E_ORDER_SEED repeats it): %w", s, err)
		}
	}
	return nil
}
