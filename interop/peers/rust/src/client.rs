//! The client side: the scenarios of interop/README.md, over one connection.

use std::cell::Cell;
use std::future::Future;
use std::io::Write;
use std::net::SocketAddr;
use std::pin::Pin;
use std::rc::Rc;
use std::time::{Duration, Instant};

use capnp::capability::{FromClientHook, RemotePromise};
use capnp::Error;
use capnp_rpc::{rpc_twoparty_capnp, twoparty, RpcSystem};
use futures::future::{LocalBoxFuture, Shared};
use futures::{AsyncReadExt, FutureExt};

use crate::interop_capnp::interop;
use crate::test_capnp::{
    test_call_order, test_interface, test_more_stuff, test_tail_callee, test_tail_caller,
};

pub const SCENARIOS: &[&str] = &[
    "bootstrap",
    "all-types",
    "extends",
    "callback",
    "pipelining",
    "hold",
    "embargo",
    "tail-call",
    "cancel",
    "exception",
    "streaming",
    "null-cap",
    "defaults",
    "handles",
    "e-order",
    "release",
];

/// Why a scenario failed.
struct Fail(String);

impl From<Error> for Fail {
    fn from(e: Error) -> Fail {
        Fail(format!("{e}"))
    }
}

impl From<String> for Fail {
    fn from(s: String) -> Fail {
        Fail(s)
    }
}

impl From<&str> for Fail {
    fn from(s: &str) -> Fail {
        Fail(s.to_string())
    }
}

type Outcome = Result<(), Fail>;

fn text(r: capnp::Result<capnp::text::Reader<'_>>) -> Result<String, Fail> {
    r?.to_string().map_err(|e| Fail(format!("invalid UTF-8: {e}")))
}

fn expect<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: T) -> Outcome {
    if got == want {
        Ok(())
    } else {
        Err(Fail(format!("{what} is {got:?}, expected {want:?}")))
    }
}

/// Waits until `done()` holds, for at most `limit`.
async fn eventually<F, Fut>(limit: Duration, mut done: F) -> Result<bool, Fail>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<bool, Fail>>,
{
    let start = Instant::now();
    loop {
        if done().await? {
            return Ok(true);
        }
        if start.elapsed() >= limit {
            return Ok(false);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

// ---------------------------------------------------------------------------------------------
// Objects the client hosts

/// A `TestInterface`: `foo(123, true)` returns "foo"; counts its calls and notes its `Drop`.
struct HostedInterface {
    calls: Rc<Cell<u32>>,
    dropped: Rc<Cell<bool>>,
}

impl HostedInterface {
    fn new() -> (test_interface::Client, Rc<Cell<u32>>, Rc<Cell<bool>>) {
        let calls = Rc::new(Cell::new(0));
        let dropped = Rc::new(Cell::new(false));
        let client = capnp_rpc::new_client(HostedInterface {
            calls: calls.clone(),
            dropped: dropped.clone(),
        });
        (client, calls, dropped)
    }
}

impl Drop for HostedInterface {
    fn drop(&mut self) {
        self.dropped.set(true);
    }
}

impl test_interface::Server for HostedInterface {
    async fn foo(
        self: Rc<Self>,
        params: test_interface::FooParams,
        mut results: test_interface::FooResults,
    ) -> Result<(), Error> {
        let p = params.get()?;
        self.calls.set(self.calls.get() + 1);
        if p.get_i() != 123 || !p.get_j() {
            return Err(Error::failed(format!(
                "TestInterface.foo expects (123, true), got ({}, {})",
                p.get_i(),
                p.get_j()
            )));
        }
        results.get().set_x("foo");
        Ok(())
    }
}

/// A `TestCallOrder`.
struct HostedCallOrder {
    calls: Cell<u32>,
}

impl test_call_order::Server for HostedCallOrder {
    async fn get_call_sequence(
        self: Rc<Self>,
        _: test_call_order::GetCallSequenceParams,
        mut results: test_call_order::GetCallSequenceResults,
    ) -> Result<(), Error> {
        let n = self.calls.get();
        self.calls.set(n + 1);
        results.get().set_n(n);
        Ok(())
    }
}

fn hosted_call_order() -> test_call_order::Client {
    capnp_rpc::new_client(HostedCallOrder {
        calls: Cell::new(0),
    })
}

/// A `TestTailCallee`: returns `i`, `t` and a new client-hosted `TestCallOrder`.
struct HostedTailCallee;

impl test_tail_callee::Server for HostedTailCallee {
    async fn foo(
        self: Rc<Self>,
        params: test_tail_callee::FooParams,
        mut results: test_tail_callee::FooResults,
    ) -> Result<(), Error> {
        let p = params.get()?;
        let t = p.get_t()?.to_string().map_err(|e| Error::failed(e.to_string()))?;
        let mut r = results.get();
        r.set_i(p.get_i() as u32);
        r.set_t(&t[..]);
        r.set_c(hosted_call_order());
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Helpers

async fn more_stuff(interop: &interop::Client) -> Result<test_more_stuff::Client, Fail> {
    let resp = interop.more_stuff_request().send().promise.await?;
    Ok(resp.get()?.get_cap()?)
}

fn call_sequence(
    cap: &test_call_order::Client,
    expected: u32,
) -> RemotePromise<test_call_order::get_call_sequence_results::Owned> {
    let mut req = cap.get_call_sequence_request();
    req.get().set_expected(expected);
    req.send()
}

async fn call_sequence_value(cap: &test_call_order::Client, expected: u32) -> Result<u32, Fail> {
    let resp = call_sequence(cap, expected).promise.await?;
    Ok(resp.get()?.get_n())
}

fn as_call_order(m: &test_more_stuff::Client) -> test_call_order::Client {
    m.clone().cast_to::<test_call_order::Client>()
}

async fn foo_text(cap: &test_interface::Client, i: u32, j: bool) -> Result<String, Fail> {
    let mut req = cap.foo_request();
    req.get().set_i(i);
    req.get().set_j(j);
    let resp = req.send().promise.await?;
    text(resp.get()?.get_x())
}

async fn live_objects(interop: &interop::Client) -> Result<u32, Fail> {
    let resp = interop.live_objects_request().send().promise.await?;
    Ok(resp.get()?.get_count())
}

// ---------------------------------------------------------------------------------------------
// Scenarios

async fn bootstrap(interop: &interop::Client) -> Outcome {
    let m = more_stuff(interop).await?;
    expect("getCallSequence(0)", call_sequence_value(&as_call_order(&m), 0).await?, 0)
}

async fn all_types(interop: &interop::Client) -> Outcome {
    let mut req = interop.echo_all_types_request();
    crate::standard::fill(req.get().init_value());
    let resp = req.send().promise.await?;
    crate::standard::check(resp.get()?.get_value()?).map_err(|e| Fail(format!("echoed value: {e}")))
}

async fn extends(interop: &interop::Client) -> Outcome {
    let resp = interop.test_extends_request().send().promise.await?;
    let t = resp.get()?.get_cap()?;
    let x = foo_text(&t.clone().cast_to::<test_interface::Client>(), 321, false).await?;
    expect("foo(321, false)", &x[..], "bar")?;
    let g = t.grault_request().send().promise.await?;
    crate::standard::check(g.get()?).map_err(|e| Fail(format!("grault(): {e}")))?;
    let mut req = t.corge_request();
    crate::standard::fill(req.get());
    req.send().promise.await?;
    Ok(())
}

async fn callback(interop: &interop::Client) -> Outcome {
    let (it, calls, _) = HostedInterface::new();
    let m = more_stuff(interop).await?;
    let mut req = m.call_foo_request();
    req.get().set_cap(it);
    let resp = req.send().promise.await?;
    expect("callFoo(...)", &text(resp.get()?.get_s())?[..], "bar")?;
    expect("calls of the client's TestInterface", calls.get(), 1)
}

async fn pipelining(interop: &interop::Client) -> Outcome {
    let (it, calls, _) = HostedInterface::new();
    let p = interop.pipeline_request().send();
    let mut req = p.pipeline.get_cap().get_cap_request();
    req.get().set_n(234);
    req.get().set_in_cap(it);
    let r = req.send();
    let mut freq = r.pipeline.get_out_box().get_cap().foo_request();
    freq.get().set_i(321);
    freq.get().set_j(false);
    let f = freq.send();
    let f_resp = f.promise.await?;
    expect("outBox.cap.foo(321, false)", &text(f_resp.get()?.get_x())?[..], "bar")?;
    let r_resp = r.promise.await?;
    expect("getCap(...).s", &text(r_resp.get()?.get_s())?[..], "bar")?;
    expect("calls of the client's TestInterface", calls.get(), 1)?;
    drop(p);
    Ok(())
}

async fn hold(interop: &interop::Client) -> Outcome {
    let (it, _, _) = HostedInterface::new();
    let m = more_stuff(interop).await?;
    let mut req = m.hold_request();
    req.get().set_cap(it);
    req.send().promise.await?;
    let resp = m.call_held_request().send().promise.await?;
    expect("callHeld()", &text(resp.get()?.get_s())?[..], "bar")?;
    let resp = m.get_held_request().send().promise.await?;
    let held = resp.get()?.get_cap()?;
    expect("getHeld().foo(123, true)", &foo_text(&held, 123, true).await?[..], "foo")?;
    drop(held);
    drop(resp);
    // hold(null): the request's capability field is left unset.
    m.hold_request().send().promise.await?;
    Ok(())
}

async fn embargo(interop: &interop::Client) -> Outcome {
    let c = hosted_call_order();
    let m = more_stuff(interop).await?;
    let early = call_sequence(&as_call_order(&m), 0);
    let mut req = m.echo_request();
    req.get().set_cap(c);
    let RemotePromise {
        promise: echo_promise,
        pipeline: echo_pipeline,
    } = req.send();
    let pipelined = echo_pipeline.get_cap();
    let mut calls = vec![call_sequence(&pipelined, 0), call_sequence(&pipelined, 1)];
    early.promise.await?;
    calls.push(call_sequence(&pipelined, 2));
    let echoed = echo_promise.await?;
    for n in 3..6 {
        calls.push(call_sequence(&pipelined, n));
    }
    let mut got = Vec::new();
    for call in calls {
        let resp = call.promise.await?;
        got.push(resp.get()?.get_n());
    }
    drop(echoed);
    expect("the six calls' results", got, vec![0, 1, 2, 3, 4, 5])
}

async fn tail_call_once(
    caller: &test_tail_caller::Client,
    callee: test_tail_callee::Client,
    i: i32,
) -> Outcome {
    let mut req = caller.foo_request();
    req.get().set_i(i);
    req.get().set_callee(callee);
    let resp = req.send().promise.await?;
    let r = resp.get()?;
    expect("i", r.get_i(), i as u32)?;
    expect("t", &text(r.get_t())?[..], "from TestTailCaller")?;
    let c = r.get_c()?;
    expect("c.getCallSequence(0)", call_sequence_value(&c, 0).await?, 0)
}

async fn tail_call(interop: &interop::Client) -> Outcome {
    let resp = interop.tail_caller_request().send().promise.await?;
    let caller = resp.get()?.get_cap()?;
    let hosted: test_tail_callee::Client = capnp_rpc::new_client(HostedTailCallee);
    tail_call_once(&caller, hosted, 456)
        .await
        .map_err(|e| Fail(format!("client-hosted callee: {}", e.0)))?;
    let resp2 = interop.tail_callee_request().send().promise.await?;
    let callee = resp2.get()?.get_cap()?;
    tail_call_once(&caller, callee, 789)
        .await
        .map_err(|e| Fail(format!("server-hosted callee: {}", e.0)))
}

async fn cancel(interop: &interop::Client) -> Outcome {
    let (x, _, dropped) = HostedInterface::new();
    let m = more_stuff(interop).await?;
    let mut req = m.expect_cancel_request();
    req.get().set_cap(x);
    let pending = req.send();
    call_sequence_value(&as_call_order(&m), 0).await?;
    // Dropping the promise and its pipeline sends `Finish`: the call is canceled.
    drop(pending);
    if eventually(Duration::from_secs(2), || async { Ok(dropped.get()) }).await? {
        Ok(())
    } else {
        Err("the client's TestInterface was not released within 2 s of the cancellation".into())
    }
}

async fn exception(interop: &interop::Client) -> Outcome {
    let m = more_stuff(interop).await?;
    match m.throw_exception_request().send().promise.await {
        Ok(_) => Err("throwException() returned".into()),
        Err(e) => {
            let s = format!("{e}");
            if s.contains("test exception") {
                Ok(())
            } else {
                Err(Fail(format!("the error does not mention \"test exception\": {s}")))
            }
        }
    }
}

async fn streaming(interop: &interop::Client) -> Outcome {
    let resp = interop.streaming_request().send().promise.await?;
    let s = resp.get()?.get_cap()?;
    // Each `send()` of a streaming request resolves when capnp-rpc's flow control lets the next
    // one go, not when the call returns.
    for k in 0..100u32 {
        let mut req = s.do_stream_i_request();
        req.get().set_i(k);
        req.send().await?;
        if k < 50 {
            let mut req = s.do_stream_j_request();
            req.get().set_j(k);
            req.send().await?;
        }
    }
    let resp = s.finish_stream_request().send().promise.await?;
    let r = resp.get()?;
    expect("(totalI, totalJ)", (r.get_total_i(), r.get_total_j()), (4950, 1225))
}

async fn null_cap(interop: &interop::Client) -> Outcome {
    let m = more_stuff(interop).await?;
    let RemotePromise { promise, pipeline } = m.get_null_request().send();
    // A call on the pipelined (promised) null capability, sent before the answer arrives.
    let pipelined_call = call_sequence(&as_call_order(&pipeline.get_null_cap()), 0);
    let resp = promise.await?;
    let r = resp.get()?;
    if r.has_null_cap() {
        return Err("getNull() returned a non-null capability".into());
    }
    // capnp-rust refuses to read a null capability pointer (an error, not a client); if it ever
    // gives a client instead, a call on it must fail.
    if let Ok(c) = r.get_null_cap() {
        if call_sequence(&as_call_order(&c), 0).promise.await.is_ok() {
            return Err("a call on the null capability succeeded".into());
        }
    }
    match pipelined_call.promise.await {
        Ok(_) => Err("a pipelined call on the null capability succeeded".into()),
        Err(_) => Ok(()),
    }
}

async fn defaults(interop: &interop::Client) -> Outcome {
    let m = more_stuff(interop).await?;
    let mut req = m.method_with_defaults_request();
    req.get().set_a("x");
    let resp = req.send().promise.await?;
    let r = resp.get()?;
    expect("d", &text(r.get_d())?[..], "x123foo")?;
    expect("e", &text(r.get_e())?[..], "bar")
}

async fn handles(interop: &interop::Client) -> Outcome {
    let m = more_stuff(interop).await?;
    let before = live_objects(interop).await?;
    let mut held = Vec::new();
    for _ in 0..3 {
        let resp = m.get_handle_request().send().promise.await?;
        held.push(resp.get()?.get_handle()?);
    }
    let during = live_objects(interop).await?;
    if during < before + 3 {
        return Err(Fail(format!(
            "liveObjects() is {during} with three handles, {before} before"
        )));
    }
    drop(held);
    let last = Cell::new(during);
    let back = eventually(Duration::from_secs(2), || async {
        last.set(live_objects(interop).await?);
        Ok(last.get() == before)
    })
    .await?;
    if back {
        Ok(())
    } else {
        Err(Fail(format!(
            "liveObjects() is {last} 2 s after dropping the handles, expected {before}", last = last.get()
        )))
    }
}

async fn release(interop: &interop::Client) -> Outcome {
    let last = Cell::new(u32::MAX);
    let zero = eventually(Duration::from_secs(3), || async {
        last.set(live_objects(interop).await?);
        Ok(last.get() == 0)
    })
    .await?;
    if zero {
        Ok(())
    } else {
        Err(Fail(format!("liveObjects() is still {} after 3 s", last.get())))
    }
}

// ---------------------------------------------------------------------------------------------
// e-order: random call sequences that only the embargoes keep in order

// The sequences of Capstan's client's `e-order` (interop/README.md), made by capnp-rpc: here its
// embargoes keep the client's calls in order, and the server echoes, holds and hands back
// promises and the client's objects. The client also makes promises of its own, each of a
// reference made before, fulfilled by a later step (and all of them before the client waits for
// anything), or one time in four broken: handed to the server, they go out as senderPromise and
// are settled by a Resolve, often to one of the server's own objects. A step may drop an echo's result with the reference
// it made, returned or not (then capnp-rpc cancels the question): no more calls go through that
// reference, and only calls through it, or through references made from it, may then fail.
// CAPSTAN_E_ORDER_SEED repeats a run; CAPSTAN_E_ORDER_PROMISES=0 hands the server the client's
// objects only; CAPSTAN_E_ORDER_OWN_PROMISES=0 makes no promises of the client's own.

const E_ORDER_ROUNDS: u32 = 4;
const E_ORDER_STEPS: u32 = 80;

/// A call or request in flight that several places may wait for.
type Pending<T> = Shared<LocalBoxFuture<'static, Result<T, String>>>;

/// A call in flight, and the means to cancel it.
struct PendingCall {
    result: Pending<u32>,
    abort: tokio::task::AbortHandle,
}

/// mulberry32, the generator of Capstan's client: small, and a seed gives the same sequence.
struct SeededRandom(u32);

impl SeededRandom {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x6d2b_79f5);
        let mut t = self.0;
        t = (t ^ (t >> 15)).wrapping_mul(t | 1);
        t ^= t.wrapping_add((t ^ (t >> 7)).wrapping_mul(t | 61));
        f64::from(t ^ (t >> 14)) / 4_294_967_296.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() * n as f64) as usize
    }
}

/// A reference the round calls through, and its calls in the order made (None once canceled).
struct OrderedPath {
    name: String,
    /// Whether it leads to one of the client's own objects.
    local: bool,
    /// None once the result it came from was dropped: no more calls go through it.
    cap: Option<test_call_order::Client>,
    calls: Vec<Option<PendingCall>>,
    /// The echo whose pipelined result this reference is (an index into the round's results).
    origin: Option<usize>,
    /// The reference this one was made from, whose failure it shares (an index into the paths).
    from: Option<usize>,
    /// A promise of the client's own that a step broke instead of fulfilling.
    broke: bool,
}

/// An `echo` whose result made a reference, which a step may drop early.
struct HeldResult {
    result: Pending<()>,
    abort: tokio::task::AbortHandle,
    /// Set once the echo's Return has been taken.
    returned: Rc<Cell<bool>>,
    dropped: bool,
    /// Dropped before it returned, i.e. canceled: calls through what it made may fail.
    canceled: bool,
}

/// Whether calls through `paths[p]` may fail because an echo it came from was canceled by a drop.
fn canceled_upstream(
    paths: &[OrderedPath],
    results: &[HeldResult],
    mut p: Option<usize>,
) -> bool {
    while let Some(k) = p {
        if paths[k].broke || paths[k].origin.is_some_and(|r| results[r].canceled) {
            return true;
        }
        p = paths[k].from;
    }
    false
}

/// The indices of the paths that can still be called (among the first `limit`).
fn usable(paths: &[OrderedPath], limit: usize) -> Vec<usize> {
    (0..limit).filter(|&k| paths[k].cap.is_some()).collect()
}

fn cap_of(path: &OrderedPath) -> &test_call_order::Client {
    path.cap.as_ref().expect("a dropped reference is never picked")
}

/// Runs `future` as a task of its own. capnp-rpc delivers a call to a local object (and one that
/// an embargo held) only when its promise is polled: a task polls it at once, in the order the
/// calls were made, and again whenever it can make progress, as C++'s event loop would.
fn in_flight<T: Clone + 'static>(
    future: impl Future<Output = Result<T, String>> + 'static,
) -> (Pending<T>, tokio::task::AbortHandle) {
    let task = tokio::task::spawn_local(future);
    let abort = task.abort_handle();
    let result = async move { task.await.unwrap_or_else(|e| Err(format!("task: {e}"))) }
        .boxed_local()
        .shared();
    (result, abort)
}

fn pending_call(cap: &test_call_order::Client) -> PendingCall {
    let promise = call_sequence(cap, 0).promise;
    let (result, abort) = in_flight(async move {
        let resp = promise.await.map_err(|e| e.to_string())?;
        let n = resp.get().map_err(|e| e.to_string())?.get_n();
        Ok(n)
    });
    PendingCall { result, abort }
}

fn pending<T: 'static>(promise: impl Future<Output = Result<T, Error>> + 'static) -> Pending<()> {
    in_flight(async move { promise.await.map(|_| ()).map_err(|e| e.to_string()) }).0
}

/// A promise the client made of one of its references, not yet fulfilled.
struct Unfulfilled {
    fulfil: futures::channel::oneshot::Sender<test_call_order::Client>,
    target: test_call_order::Client,
    /// The promise's own entry in the round's paths.
    path: usize,
}

/// A capability that becomes `target` once the returned sender is given it.
fn promise_client() -> (
    test_call_order::Client,
    futures::channel::oneshot::Sender<test_call_order::Client>,
) {
    let (sender, receiver) = futures::channel::oneshot::channel();
    let cap = capnp_rpc::new_future_client(async move {
        receiver
            .await
            .map_err(|_| Error::failed("the client's promise was dropped unfulfilled".into()))
    });
    (cap, sender)
}

/// Fulfils the promise, or breaks it one time in four (its sender dropped): the server, which
/// may hold or have echoed it, gets a Resolve with an exception, and calls through it, or
/// through what was made of it, may fail.
fn fulfil(
    unfulfilled: &mut Vec<Unfulfilled>,
    k: usize,
    paths: &mut [OrderedPath],
    random: &mut SeededRandom,
) {
    let Unfulfilled { fulfil, target, path } = unfulfilled.remove(k);
    if random.next() < 0.25 {
        paths[path].broke = true;
        drop(fulfil);
    } else {
        let _ = fulfil.send(target);
    }
}

async fn e_order_round(
    interop: &interop::Client,
    seed: u32,
    promises: bool,
    own_promises: bool,
) -> Outcome {
    const LOCALS: usize = 3;
    let mut random = SeededRandom(seed);
    let live_before = live_objects(interop).await?;
    {
        let mut paths: Vec<OrderedPath> = (0..LOCALS)
            .map(|k| OrderedPath {
                name: format!("C{k}"),
                local: true,
                cap: Some(hosted_call_order()),
                calls: Vec::new(),
                origin: None,
                from: None,
                broke: false,
            })
            .collect();
        // Called through the promise of moreStuff(), pipelined until it resolves.
        let stuff: Vec<test_more_stuff::Client> = (0..2)
            .map(|_| interop.more_stuff_request().send().pipeline.get_cap())
            .collect();
        for (i, m) in stuff.iter().enumerate() {
            paths.push(OrderedPath {
                name: format!("m{i}"),
                local: false,
                cap: Some(as_call_order(m)),
                calls: Vec::new(),
                origin: None,
                from: None,
                broke: false,
            });
        }
        let mut held: Vec<Pending<()>> = Vec::new();
        let mut results: Vec<HeldResult> = Vec::new();
        let mut handles = Vec::new();
        let mut unfulfilled: Vec<Unfulfilled> = Vec::new();
        let mut promise_count = 0;
        for _ in 0..E_ORDER_STEPS {
            let r = random.next();
            if r < 0.47 {
                let live = usable(&paths, paths.len());
                let k = live[random.below(live.len())];
                let call = pending_call(cap_of(&paths[k]));
                paths[k].calls.push(Some(call));
            } else if r < 0.52 {
                let live = usable(&paths, paths.len());
                let g = live[random.below(live.len())];
                if promises && own_promises {
                    let (cap, fulfil) = promise_client();
                    let target = cap_of(&paths[g]).clone();
                    let path = paths.len();
                    unfulfilled.push(Unfulfilled { fulfil, target, path });
                    paths.push(OrderedPath {
                        name: format!("P{promise_count}({})", paths[g].name),
                        local: paths[g].local,
                        cap: Some(cap),
                        calls: Vec::new(),
                        origin: None,
                        from: Some(g),
                        broke: false,
                    });
                    promise_count += 1;
                }
            } else if r < 0.55 {
                if !unfulfilled.is_empty() {
                    let k = random.below(unfulfilled.len());
                    fulfil(&mut unfulfilled, k, &mut paths, &mut random);
                }
            } else if r < 0.7 {
                // Any reference may be handed over, promises included.
                let i = random.below(stuff.len());
                let live = usable(&paths, if promises { paths.len() } else { LOCALS });
                let g = live[random.below(live.len())];
                let mut req = stuff[i].echo_request();
                req.get().set_cap(cap_of(&paths[g]).clone());
                let RemotePromise { promise, pipeline } = req.send();
                let returned = Rc::new(Cell::new(false));
                let seen = returned.clone();
                let (result, abort) = in_flight(async move {
                    let outcome = promise.await;
                    seen.set(true);
                    outcome.map(|_| ()).map_err(|e| e.to_string())
                });
                results.push(HeldResult {
                    result,
                    abort,
                    returned,
                    dropped: false,
                    canceled: false,
                });
                let path = OrderedPath {
                    name: format!("m{i}.echo({}).cap", paths[g].name),
                    local: paths[g].local,
                    cap: Some(pipeline.get_cap()),
                    calls: Vec::new(),
                    origin: Some(results.len() - 1),
                    from: Some(g),
                    broke: false,
                };
                paths.push(path);
            } else if r < 0.8 {
                // Only references to the client's objects are held (a server object holding one
                // of the server's could make a cycle that reference counting never releases).
                let i = random.below(stuff.len());
                let limit = if promises { paths.len() } else { LOCALS };
                let candidates: Vec<usize> =
                    usable(&paths, limit).into_iter().filter(|&k| paths[k].local).collect();
                let g = candidates[random.below(candidates.len())];
                let mut req = stuff[i].hold_request();
                req.get()
                    .set_cap(cap_of(&paths[g]).clone().cast_to::<test_interface::Client>());
                held.push(pending(req.send().promise));
                let RemotePromise { promise, pipeline } = stuff[i].get_held_request().send();
                held.push(pending(promise));
                let path = OrderedPath {
                    name: format!("m{i}.getHeld().cap after hold({})", paths[g].name),
                    local: true,
                    cap: Some(pipeline.get_cap().cast_to::<test_call_order::Client>()),
                    calls: Vec::new(),
                    origin: None,
                    from: Some(g),
                    broke: false,
                };
                paths.push(path);
            } else if r < 0.84 {
                let i = random.below(stuff.len());
                handles.push(stuff[i].get_handle_request().send());
            } else if r < 0.87 {
                if !handles.is_empty() {
                    let k = random.below(handles.len());
                    drop(handles.remove(k));
                }
            } else if r < 0.9 {
                // An echo's result is dropped with the reference it made, returned or not (then
                // the call is canceled). Nothing but calls through what it made may then fail.
                let live: Vec<usize> =
                    (0..results.len()).filter(|&k| !results[k].dropped).collect();
                if !live.is_empty() {
                    let k = live[random.below(live.len())];
                    let entry = &mut results[k];
                    entry.dropped = true;
                    // (A Return that arrived but was not yet taken counts as canceled: that only
                    // excuses more calls.)
                    entry.canceled = !entry.returned.get();
                    entry.abort.abort(); // drops the echo's promise
                    if let Some(path) = paths.iter_mut().find(|path| path.origin == Some(k)) {
                        // and its pipelined reference: capnp-rpc then finishes the question
                        path.cap = None;
                    }
                }
            } else if r < 0.96 {
                // Wait for a random pending call or request (how it ends is checked below).
                let calls: Vec<Pending<u32>> = paths
                    .iter()
                    .flat_map(|p| p.calls.iter().flatten().map(|c| c.result.clone()))
                    .collect();
                let kept: Vec<Pending<()>> = held
                    .iter()
                    .cloned()
                    .chain(results.iter().filter(|e| !e.dropped).map(|e| e.result.clone()))
                    .collect();
                let k = random.below(calls.len() + kept.len());
                // What is waited for may depend on the client's promises: they are all kept first.
                while !unfulfilled.is_empty() {
                    fulfil(&mut unfulfilled, 0, &mut paths, &mut random);
                }
                if k < calls.len() {
                    let _ = calls[k].clone().await;
                } else if !kept.is_empty() {
                    let _ = kept[k - calls.len()].clone().await;
                }
            } else {
                let live: Vec<(usize, usize)> = paths
                    .iter()
                    .enumerate()
                    .flat_map(|(p, path)| {
                        path.calls
                            .iter()
                            .enumerate()
                            .filter(|(_, c)| c.is_some())
                            .map(move |(k, _)| (p, k))
                    })
                    .collect();
                if !live.is_empty() {
                    let (p, k) = live[random.below(live.len())];
                    if let Some(call) = paths[p].calls[k].take() {
                        call.abort.abort(); // drops the call's promise: capnp-rpc cancels it
                    }
                }
            }
        }
        while !unfulfilled.is_empty() {
            fulfil(&mut unfulfilled, 0, &mut paths, &mut random);
        }
        for (p, path) in paths.iter().enumerate() {
            let excused = canceled_upstream(&paths, &results, Some(p));
            let mut seen: Vec<u32> = Vec::new();
            for call in path.calls.iter().flatten() {
                match call.result.clone().await {
                    Ok(n) => seen.push(n),
                    Err(_) if excused => {}
                    Err(e) => return Err(Fail(format!("a call through {}: {e}", path.name))),
                }
            }
            if seen.windows(2).any(|w| w[1] <= w[0]) {
                return Err(Fail(format!(
                    "calls through {} were counted {seen:?}: out of order",
                    path.name
                )));
            }
        }
        for promise in &held {
            promise.clone().await?;
        }
        for (p, path) in paths.iter().enumerate() {
            if let Some(r) = path.origin {
                if !results[r].dropped && !canceled_upstream(&paths, &results, Some(p)) {
                    results[r].result.clone().await?;
                }
            }
        }
    }
    // Everything the round made on the server is released once the client drops it (at most as
    // many as before: an object of an earlier scenario may still be on its way out).
    let last = Cell::new(u32::MAX);
    let back = eventually(Duration::from_secs(2), || async {
        last.set(live_objects(interop).await?);
        Ok(last.get() <= live_before)
    })
    .await?;
    if back {
        Ok(())
    } else {
        Err(Fail(format!(
            "the server's liveObjects is {} after the round, {live_before} before",
            last.get()
        )))
    }
}

async fn e_order(interop: &interop::Client) -> Outcome {
    let seed: u32 = match std::env::var("CAPSTAN_E_ORDER_SEED") {
        Ok(given) => given
            .parse()
            .map_err(|_| Fail(format!("CAPSTAN_E_ORDER_SEED={given} is not a seed")))?,
        Err(_) => {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap_or_default();
            now.subsec_nanos() % 1_000_000_000
        }
    };
    let promises = std::env::var("CAPSTAN_E_ORDER_PROMISES").map_or(true, |v| v != "0");
    let own_promises = std::env::var("CAPSTAN_E_ORDER_OWN_PROMISES").map_or(true, |v| v != "0");
    // Within the scenario's 10 s, so that a round that hangs still names its seed.
    let deadline = tokio::time::Instant::now() + Duration::from_millis(9500);
    for round in 0..E_ORDER_ROUNDS {
        let seed = seed.wrapping_add(round);
        let round = e_order_round(interop, seed, promises, own_promises);
        let outcome = match tokio::time::timeout_at(deadline, round).await {
            Ok(outcome) => outcome,
            Err(_) => Err(Fail("timed out".into())),
        };
        outcome.map_err(|Fail(reason)| {
            Fail(format!(
                "round of seed {seed} (CAPSTAN_E_ORDER_SEED repeats it): {reason}"
            ))
        })?;
    }
    Ok(())
}

fn scenario<'a>(
    name: &str,
    interop: &'a interop::Client,
) -> Option<Pin<Box<dyn Future<Output = Outcome> + 'a>>> {
    Some(match name {
        "bootstrap" => Box::pin(bootstrap(interop)),
        "all-types" => Box::pin(all_types(interop)),
        "extends" => Box::pin(extends(interop)),
        "callback" => Box::pin(callback(interop)),
        "pipelining" => Box::pin(pipelining(interop)),
        "hold" => Box::pin(hold(interop)),
        "embargo" => Box::pin(embargo(interop)),
        "tail-call" => Box::pin(tail_call(interop)),
        "cancel" => Box::pin(cancel(interop)),
        "exception" => Box::pin(exception(interop)),
        "streaming" => Box::pin(streaming(interop)),
        "null-cap" => Box::pin(null_cap(interop)),
        "defaults" => Box::pin(defaults(interop)),
        "handles" => Box::pin(handles(interop)),
        "e-order" => Box::pin(e_order(interop)),
        "release" => Box::pin(release(interop)),
        _ => return None,
    })
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Runs the named scenarios (all of them, in the README's order, if none is named) and returns
/// the process's exit code.
pub async fn run(addr: SocketAddr, names: Vec<String>) -> i32 {
    let names: Vec<String> = if names.is_empty() {
        SCENARIOS.iter().map(|s| s.to_string()).collect()
    } else {
        names
    };

    let stream = match tokio::net::TcpStream::connect(addr).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("cannot connect to {addr}: {e}");
            println!("0 passed, {} failed", names.len());
            return 1;
        }
    };
    let _ = stream.set_nodelay(true);
    let (reader, writer) = tokio_util::compat::TokioAsyncReadCompatExt::compat(stream).split();
    let network = twoparty::VatNetwork::new(
        futures::io::BufReader::new(reader),
        futures::io::BufWriter::new(writer),
        rpc_twoparty_capnp::Side::Client,
        Default::default(),
    );
    let mut rpc_system = RpcSystem::new(Box::new(network), None);
    let interop: interop::Client = rpc_system.bootstrap(rpc_twoparty_capnp::Side::Server);
    let disconnector = rpc_system.get_disconnector();
    tokio::task::spawn_local(async move {
        if let Err(e) = rpc_system.await {
            eprintln!("connection: {e}");
        }
    });

    let (mut passed, mut failed) = (0u32, 0u32);
    let mut out = std::io::stdout();
    for name in &names {
        let outcome = match scenario(name, &interop) {
            None => Err(Fail("no such scenario".into())),
            Some(fut) => match tokio::time::timeout(Duration::from_secs(10), fut).await {
                Ok(r) => r,
                Err(_) => Err(Fail("timed out after 10 s".into())),
            },
        };
        match outcome {
            Ok(()) => {
                passed += 1;
                let _ = writeln!(out, "ok {name}");
            }
            Err(Fail(reason)) => {
                failed += 1;
                let _ = writeln!(out, "FAIL {name}: {}", one_line(&reason));
            }
        }
        let _ = out.flush();
    }
    let _ = writeln!(out, "{passed} passed, {failed} failed");
    let _ = out.flush();

    drop(interop);
    let _ = tokio::time::timeout(Duration::from_secs(2), disconnector).await;
    if failed == 0 {
        0
    } else {
        1
    }
}
