#!/usr/bin/python3
"""bench/pytorch_side.py: the PyTorch half of `./course bench --pytorch`.

bench/run.sh runs it right after the bench program (bench/), on the same machine, with the
figures that program wrote (build/bench/ours.tsv), chapter 12's reversal task
as that program wrote it (build/bench/reversal_task.tsv) and the program
itself, which it starts as `bench --serve-training` to have our training timed
in turns with PyTorch's. It measures what a learner would otherwise use,
PyTorch (Debian's python3-torch), on the same terms:

  1. attention forward at every shape and type in ours.tsv, on 1 and 2
     threads (torch.set_num_threads, and the BLAS it calls: find_blas_threads),
     timed in rounds like the C++ side;
  2. training steps per second of an encoder-decoder built like chapter 12's
     (src/model/): d_model 32, two heads with d_k = d_v = 16 each, d_ff 64,
     one encoder and one decoder block, post-norm residual blocks, sinusoidal
     positions, one embedding for source and target scaled by sqrt(d_model),
     no biases in attention, float64 as the course; Adam (betas 0.9 and 0.98,
     eps 1e-9) at chapter 11's learning_rate(t, 3e-3, 100): a linear warm-up to
     3e-3 over 100 steps, then a decay with 1 / sqrt(t); batch 64;
  3. seconds to 99% exact match on the first 500 validation sequences, checked
     every 50 steps by greedy decoding, validation time included.

Figures 2 and 3 alternate with ours, asked of the server block by block (40
steps each) and seed by seed, so that load coming and going on the machine
falls on both sides alike; the order within a round alternates too.

It writes build/bench/pytorch.tsv (name, ours, pytorch, unit; one row per
figure) and a markdown section that run.sh appends to build/bench/RESULTS.md.

  pytorch_side.py --ours FILE --task FILE --ours-server BENCH --tsv FILE --markdown FILE [--quick]
"""
import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import time

try:
    import torch
    import torch.nn.functional as F
    from torch_model import Model  # bench/torch_model.py: chapter 12's model, shared with bench/parity.py
except ImportError:
    sys.exit("pytorch_side.py: cannot import torch; install Debian's python3-torch "
             "(./course bench --pytorch does) and run with /usr/bin/python3")

ATTENTION = re.compile(r"attention (double|float) \((\d+),(\d+),(\d+),(\d+)\) (1|2) threads?$")
BEGIN, END = 0, 1
TARGET = 0.99          # exact match on the validation check that the time-to-99% figure trains to
EVAL_EVERY = 50        # steps between validation checks (chapter 12's setting)
EVAL_EXAMPLES = 500    # validation sequences checked (chapter 12's setting)
PEAK_LR, WARMUP = 3e-3, 100  # chapter 12's AdamSettings, through chapter 11's learning_rate
BATCH = 64
MAX_STEPS = 3000


def find_blas_threads():
    """(set_threads, description). torch.set_num_threads sets PyTorch's own
    threads only. Debian's torch hands its matrix products to the system BLAS
    (OpenBLAS, through libblas.so.3), whose pool keeps its own count, all the
    cores by default: on a 2-core machine, a "1-thread" product of 2048x64 by
    64x2048 then took 1.99 s of CPU per second of wall, and so did training. So the
    library torch loaded is looked up in this process's memory map and, when it
    can be told, given the same count as torch, for both sides to mean the same
    by "1 thread"."""
    import ctypes
    torch.ones(2, 2) @ torch.ones(2, 2)  # the BLAS is loaded by now
    with open("/proc/self/maps") as f:
        paths = sorted({l.split()[-1] for l in f if l.rstrip().endswith(".so") or ".so." in l.split()[-1]})
    blas = None  # (set, get, path) of the first OpenBLAS found
    for path in paths:
        if re.match(r"lib(open)?blas", path.rsplit("/", 1)[-1]):
            try:
                lib = ctypes.CDLL(path)
                blas = (lib.openblas_set_num_threads, lib.openblas_get_num_threads, path)
                break
            except (OSError, AttributeError):
                continue

    def set_threads(n):
        # only on a change: told again before every sample (as the rounds of 1 and
        # 2 threads once did), PyTorch took 8 ms instead of 50 us for attention at
        # (64,64,64,64) on 2 threads
        if torch.get_num_threads() == n and (blas is None or blas[1]() == n):
            return
        torch.set_num_threads(n)
        if blas:
            blas[0](n)
            if blas[1]() != n:
                sys.exit("pytorch_side.py: %s kept %d threads when told %d" % (blas[2], blas[1](), n))

    if blas:
        return set_threads, "its BLAS, %s, set to the same count (openblas_set_num_threads)" % blas[2]
    seen = ", ".join(p.rsplit("/", 1)[-1] for p in paths if "blas" in p.rsplit("/", 1)[-1]) or "none"
    return set_threads, ("its BLAS's threads left as they were (no OpenBLAS among the BLAS libraries it "
                         "loaded: %s), so its 1-thread figures may use more cores" % seen)


SET_THREADS, BLAS_THREADS = None, ""  # set by main()


def read_ours(path):
    """name -> (value, unit), in file order."""
    rows = {}
    with open(path) as f:
        next(f)  # header
        for line in f:
            name, value, unit = line.rstrip("\n").split("\t")
            rows[name] = (float(value), unit)
    return rows


class OursServer:
    """Our training, timed by `bench --serve-training` (bench/serve.hpp) on request."""

    def __init__(self, program):
        self.proc = subprocess.Popen([program, "--serve-training"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.description = self._answer("starting")
        if not self.description.startswith("ready"):
            sys.exit("pytorch_side.py: %s --serve-training did not start: %r" % (program, self.description))

    def _answer(self, request):
        line = self.proc.stdout.readline().strip()
        if not line or line.startswith("error"):
            sys.exit("pytorch_side.py: the bench server answered %r to %r" % (line or "nothing", request))
        return line

    def ask(self, request):
        self.proc.stdin.write(request + "\n")
        self.proc.stdin.flush()
        return [float(x) for x in self._answer(request).split()]

    def close(self):
        self.proc.stdin.write("quit\n")
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def read_task(path):
    """{'train': [(source, target)], 'validation': [...]}, token ids as lists."""
    sets = {"train": [], "validation": []}
    vocab = None
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                m = re.search(r"vocab (\d+)", line)
                if m:
                    vocab = int(m.group(1))
                continue
            which, src, tgt = line.rstrip("\n").split("\t")
            if which in sets:
                sets[which].append(([int(t) for t in src.split()], [int(t) for t in tgt.split()]))
    if vocab is None:
        sys.exit("pytorch_side.py: " + path + " does not say its vocabulary size")
    return vocab, sets


# ---------------------------------------------------------------- 1. attention forward

def attention(Q, K, V):
    """softmax(Q K^T / sqrt(d_k)) V as a PyTorch user writes it (PyTorch 2 has
    F.scaled_dot_product_attention; 1.13 does not)."""
    if hasattr(F, "scaled_dot_product_attention"):
        return F.scaled_dot_product_attention(Q, K, V)
    return torch.softmax(Q @ K.T / math.sqrt(K.shape[1]), dim=-1) @ V  # (L_Q, d_v)


def time_in_rounds(items, budget):
    """Median seconds per call of each (setup, run) pair, one sample of each per
    round, a sample being enough calls to last about 0.2 ms (as bench/timing.hpp):
    (wall medians, CPU-time medians of the whole process)."""
    calls, per_round = [], 0.0
    for setup, run in items:
        setup()
        run()  # warm-up
        start, n = time.perf_counter(), 0
        while True:
            run()
            n += 1
            if time.perf_counter() - start >= 2e-3:
                break
        each = (time.perf_counter() - start) / n
        calls.append(max(1, math.ceil(2e-4 / each)))
        per_round += each * calls[-1]
    rounds = min(201, max(5, int(budget / per_round)))
    samples, cpu = [[] for _ in items], [[] for _ in items]
    for _ in range(rounds):
        for k, (setup, run) in enumerate(items):
            setup()
            cpu_start, start = time.process_time(), time.perf_counter()
            for _ in range(calls[k]):
                run()
            samples[k].append((time.perf_counter() - start) / calls[k])
            cpu[k].append((time.process_time() - cpu_start) / calls[k])
    return [statistics.median(s) for s in samples], [statistics.median(c) for c in cpu]


def bench_attention(ours, budget):
    shapes = []  # (dtype name, shape) in ours.tsv's order, once each
    for name in ours:
        m = ATTENTION.match(name)
        if m and (m.group(1), m.group(2, 3, 4, 5)) not in shapes:
            shapes.append((m.group(1), m.group(2, 3, 4, 5)))
    out = {}
    torch.manual_seed(7)
    inputs = []
    for type_name, dims in shapes:
        L_Q, L_K, d_k, d_v = (int(x) for x in dims)
        dtype = torch.float64 if type_name == "double" else torch.float32
        inputs.append(("%s (%d,%d,%d,%d)" % (type_name, L_Q, L_K, d_k, d_v),
                       (torch.randn(L_Q, d_k, dtype=dtype), torch.randn(L_K, d_k, dtype=dtype),
                        torch.randn(L_K, d_v, dtype=dtype))))
    # Every shape on 1 thread first, then every shape on 2: after a 2-thread product
    # the BLAS's second thread spins for a while, and would run beside a 1-thread one.
    with torch.inference_mode():
        for t in (1, 2):
            for label, (Q, K, V) in inputs:
                (wall,), (cpu,) = time_in_rounds([(lambda t=t: SET_THREADS(t), lambda: attention(Q, K, V))], budget / 2)
                name = "attention %s %d thread%s" % (label, t, "" if t == 1 else "s")
                out[name] = wall
                if t == 1:
                    out[name + ", CPU time"] = cpu
    for label, _ in inputs:
        print("  attention %-28s 1 thread %10.2f us   2 threads %10.2f us" %
              (label, 1e6 * out["attention %s 1 thread" % label], 1e6 * out["attention %s 2 threads" % label]), flush=True)
    SET_THREADS(1)
    return out


# ---------------------------------------------------------------- 2. the encoder-decoder
# (the model itself is bench/torch_model.py, shared with bench/parity.py)

def batch_tensors(examples):
    """Teacher forcing: the decoder reads <s> y_1 .. y_n and predicts y_1 .. y_n </s>."""
    src = torch.tensor([s for s, _ in examples])
    tgt_in = torch.tensor([[BEGIN] + t for _, t in examples])
    labels = torch.tensor([t + [END] for _, t in examples])
    return src, tgt_in, labels


def make_trainer(config, seed):
    torch.manual_seed(seed)
    model = Model(config)
    adam = torch.optim.Adam(model.parameters(), lr=PEAK_LR, betas=(0.9, 0.98), eps=1e-9)
    # chapter 11's learning_rate: step t (from 1) uses peak * min(t / warmup, sqrt(warmup / t))
    schedule = torch.optim.lr_scheduler.LambdaLR(
        adam, lambda e: min((e + 1) / WARMUP, math.sqrt(WARMUP / (e + 1))))

    def step(batch):
        src, tgt_in, labels = batch
        logits = model.decode(tgt_in, model.encode(src))
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), labels.reshape(-1))
        adam.zero_grad(set_to_none=True)
        loss.backward()
        adam.step()
        schedule.step()
        return loss

    return model, step


def exact_match(model, examples, max_len):
    """Greedy decoding of every example at once; an answer counts when it equals
    the target exactly. As the course's count (Model::count_exact_greedy), an
    example leaves the batch at its first token that differs from its target:
    it can no longer match, whatever would follow."""
    n = len(examples)
    length = max(len(t) for _, t in examples) + 1  # the longest target and its end token
    assert length <= max_len, "every answer must be able to end within max_len"
    want = torch.full((n, length), -1, dtype=torch.long)  # -1 past a target's end token: never chosen
    for i, (_, t) in enumerate(examples):
        want[i, : len(t) + 1] = torch.tensor(t + [END])
    right = 0
    with torch.no_grad():
        enc = model.encode(torch.tensor([s for s, _ in examples]))
        rows = torch.arange(n)  # the examples still on track
        prefix = torch.full((n, 1), BEGIN, dtype=torch.long)
        for step in range(length):
            nxt = model.decode(prefix, enc)[:, -1].argmax(-1)
            on_track = nxt == want[rows, step]
            right += int((on_track & (nxt == END)).sum())  # ended where the target ends: exact
            going_on = on_track & (nxt != END)
            rows, enc = rows[going_on], enc[going_on]
            prefix = torch.cat([prefix, nxt[:, None]], dim=1)[going_on]
            if len(rows) == 0:
                break
    return right / n


def steps_per_second(config, task, rounds, ours):
    """As bench_training() in bench/training_bench.hpp: 16 fixed batches, blocks of 40 steps,
    the median block; each round one block of ours (from the server) and one of
    PyTorch's, the order alternating from round to round. Returns, per side,
    steps per second of wall time and of CPU time, and the rounds' ratios."""
    SET_THREADS(1)
    train = task["train"]
    batches = [batch_tensors([train[(b * BATCH + i) % len(train)] for i in range(BATCH)]) for b in range(16)]
    _, step = make_trainer(config, seed=1)
    nxt = 0

    def theirs(steps):
        nonlocal nxt
        cpu_start, start = time.process_time(), time.perf_counter()
        for _ in range(steps):
            step(batches[nxt % 16])
            nxt += 1
        return (time.perf_counter() - start) / steps, (time.process_time() - cpu_start) / steps

    theirs(10)  # warm-up, both sides
    ours.ask("block 10")
    walls, cpus, ratios = ([], []), ([], []), []
    for r in range(rounds):
        pair = [None, None]  # (wall, cpu) per step: ours, theirs
        for side in ((0, 1) if r % 2 == 0 else (1, 0)):
            pair[side] = ours.ask("block 40") if side == 0 else theirs(40)
        for side in (0, 1):
            walls[side].append(pair[side][0])
            cpus[side].append(pair[side][1])
        ratios.append(pair[1][0] / pair[0][0])  # their time per step / ours: how many times faster ours is
    rate = lambda v: 1.0 / statistics.median(v)
    return {"ours": (rate(walls[0]), rate(cpus[0])), "theirs": (rate(walls[1]), rate(cpus[1])), "ratios": ratios}


def seconds_to_target(config, task, seed, max_len):
    """Wall seconds from a fresh model to TARGET exact match (validation checks
    included), and the steps it took; None when MAX_STEPS pass first."""
    SET_THREADS(1)
    train, check = task["train"], task["validation"][:EVAL_EXAMPLES]
    generator = torch.Generator().manual_seed(seed)
    model, step = make_trainer(config, seed)
    start = time.perf_counter()
    order, nxt = torch.randperm(len(train), generator=generator).tolist(), 0
    for s in range(1, MAX_STEPS + 1):
        examples = []
        for _ in range(BATCH):
            if nxt == len(order):
                order, nxt = torch.randperm(len(train), generator=generator).tolist(), 0
            examples.append(train[order[nxt]])
            nxt += 1
        step(batch_tensors(examples))
        if s % EVAL_EVERY == 0 and exact_match(model, check, max_len) >= TARGET:
            return time.perf_counter() - start, s
    return None, MAX_STEPS


# ---------------------------------------------------------------- the report

def median_run(rs):
    """(seconds, steps) of the median run; NaN when some run missed the target."""
    done = sorted(r for r in rs if r[0] is not None)
    return done[len(done) // 2] if len(done) == len(rs) else (float("nan"), float("nan"))


def race_to_target(config, task, max_len, server, seeds):
    """Seed by seed, our run (from the server) and PyTorch's, who goes first
    alternating: lists of (seconds or None, steps), ours and theirs."""
    runs, our_runs = [], []
    for seed in seeds:
        for side in ((0, 1) if seed % 2 == 1 else (1, 0)):
            if side == 0:
                seconds, steps, reached = server.ask("target %d" % seed)
                our_runs.append((seconds if reached else None, int(steps)))
            else:
                runs.append(seconds_to_target(config, task, seed, max_len))
        for who, (seconds, steps) in (("PyTorch", runs[-1]), ("ours", our_runs[-1])):
            print("  to %d%%, %s: %s after %d steps (seed %d)" %
                  (100 * TARGET, who, "%.2f s" % seconds if seconds else "not reached", steps, seed), flush=True)
    return our_runs, runs


def measure_training(config, task, server, quick):
    """Steps per second and seconds to TARGET, both sides in turns. Puts the
    figures into a dict per side; returns (ours, theirs, round_ratios, runs, our_runs)."""
    max_len = max(len(t) for _, t in task["train"]) + 2  # as chapter 12: longest target + 2
    print("  training in turns with ours (%s)" % server.description[len("ready "):], flush=True)
    sps = steps_per_second(config, task, rounds=3 if quick else 7, ours=server)
    round_ratios = sps["ratios"]
    print("  training: %.0f steps/s on 1 thread (ours %.0f; ours faster by %.2fx to %.2fx, round by round)"
          % (sps["theirs"][0], sps["ours"][0], min(round_ratios), max(round_ratios)), flush=True)
    our_runs, runs = race_to_target(config, task, max_len, server, (1, 2, 3)[: 1 if quick else 3])
    ours = {"training steps per second": (sps["ours"][0], "steps/s"),
            "training steps per second, CPU time": (sps["ours"][1], "steps/s"),
            "training seconds to 99%": (median_run(our_runs)[0], "s"),
            "training steps to 99%": (median_run(our_runs)[1], "steps")}
    theirs = {"training steps per second": sps["theirs"][0],
              "training steps per second, CPU time": sps["theirs"][1],
              "training seconds to 99%": median_run(runs)[0]}
    return ours, theirs, round_ratios, runs, our_runs


def write_tsv(path, names, ours, theirs):
    with open(path + ".tmp", "w") as f:
        f.write("name\tours\tpytorch\tunit\n")
        for n in names:
            f.write("%s\t%.6g\t%.6g\t%s\n" % (n, ours[n][0], theirs[n], ours[n][1]))
    os.replace(path + ".tmp", path)


def show(v, unit):
    if math.isnan(v):
        return "n/a"
    if unit == "steps/s":
        return "%.0f steps/s" % v
    return "%.2f µs" % (1e6 * v) if v < 1e-3 else ("%.2f ms" % (1e3 * v) if v < 1 else "%.2f s" % v)


def markdown_table(names, ours, theirs, loads):
    """The section's opening and its table: one row per figure, and how many
    times faster ours is (above 1: ours is faster)."""
    def faster(n):
        o, p = ours[n][0], theirs[n]
        return p / o if ours[n][1] == "s" else o / p

    md = ["", "## 5. Side by side with PyTorch (`./course bench --pytorch`)", ""]
    md += ["PyTorch %s (Debian's `python3-torch`), run by `bench/pytorch_side.py` right after the figures above," % torch.__version__,
           "on the same machine, shapes and thread counts (`torch.set_num_threads`, and %s); load average %s when it" % (BLAS_THREADS, loads[0]),
           "started, %s when it ended. `ours` is, for attention, this run's kernel (section 1), timed just" % loads[1],
           "before PyTorch's; for training, the bench program again (`bench --serve-training`), timed in",
           "turns with PyTorch: block for block and seed for seed, so that both sides' training figures",
           "come from the same minutes (section 3's were taken a little earlier, by themselves).",
           "`ours faster by` is PyTorch's time over ours (or our rate over PyTorch's): above 1, ours is faster.", ""]
    md += ["| figure | ours | PyTorch | ours faster by | in CPU time (1 thread): ours faster by |", "|---|---|---|---|---|"]
    for n in names:
        c = n + ", CPU time"
        md.append("| %s | %s | %s | %.2fx | %s |" % (n, show(ours[n][0], ours[n][1]), show(theirs[n], ours[n][1]), faster(n),
                                                   "%.2fx" % faster(c) if c in ours and c in theirs else ""))
    return md


def markdown_notes(config, task, round_ratios, runs, our_runs):
    """What the cells mean and how the two sides were made alike."""
    return ["", "What the cells mean and how the two sides were made alike:", "",
            "- Attention: PyTorch's time is `%s` on tensors made once (no autograd), median of rounds as in"
            % ("F.scaled_dot_product_attention(Q, K, V)" if hasattr(F, "scaled_dot_product_attention")
               else "torch.softmax(Q @ K.T / math.sqrt(d_k), dim=-1) @ V"),
            "  section 1, every shape on 1 thread before any on 2 (a 2-thread product leaves the BLAS's second",
            "  thread spinning for a while); `ours` is `attn::perf::attention` at the same thread count. The last column compares",
            "  CPU time instead of wall time (ours: the thread's; PyTorch's: the process's, all its threads),",
            "  for 1-thread figures only: it stops while other programs hold the core, so on a loaded machine",
            "  it is the closer guide to what a quiet machine would show.",
            "- Training: both models are chapter 12's reversal configuration (d_model %d, %d heads of d_k = %d, d_v = %d,"
            % (config["d_model"], config["heads"], config["d_k"], config["d_v"]),
            "  d_ff %d, one encoder and one decoder block, post-norm, sinusoidal positions, float64), Adam with"
            % config["d_ff"],
            "  lr 3e-3, betas 0.9/0.98, eps 1e-9 and 100 warm-up steps, batches of 64, on 1 thread. Steps per",
            "  second: the median of %d blocks of 40 steps over 16 fixed batches on each side, in rounds of one"
            % len(round_ratios),
            "  block each (who goes first alternates). Round by round, ours was faster by %.2fx to %.2fx"
            % (min(round_ratios), max(round_ratios)),
            "  (median %.2fx)." % statistics.median(round_ratios),
            "- Data: both train on the very same sequences: the bench program wrote chapter 12's task",
            "  (`reversal_setup()`: %d training and %d validation sequences of 8 digits) to" % (len(task["train"]), len(task["validation"])),
            "  `build/bench/reversal_task.tsv`, and this script read it. The batch order and the initial",
            "  weights come from each side's own random generator (the same distributions, not the same numbers).",
            "- Time to 99%%: from fresh weights until greedy decoding gets %d%% of the first %d validation sequences"
            % (100 * TARGET, EVAL_EXAMPLES),
            "  exactly right, checked every %d steps, validation time included; the median of %d run%s (seed%s %s),"
            % (EVAL_EVERY, len(runs), "s" if len(runs) > 1 else "", "s" if len(runs) > 1 else "",
               ", ".join(str(s) for s in (1, 2, 3)[: len(runs)])),
            "  on each side (the model's seed and the batch order's), the two sides' runs of a seed one after",
            "  the other (who goes first alternates).",
            "  PyTorch decodes the %d sequences as one batch, the course one at a time; both stop decoding a"
            % EVAL_EXAMPLES,
            "  sequence at its first token that differs from the target. Steps taken: PyTorch %s; ours %s."
            % (", ".join(str(st) if sec else "not reached" for sec, st in runs),
               ", ".join(str(st) if sec else "not reached" for sec, st in our_runs)),
            "  (Chapter 12 itself trains on to 99.5%.)", ""]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ours", required=True)
    ap.add_argument("--task", required=True)
    ap.add_argument("--ours-server", required=True, help="the bench program (bench/), run as --serve-training")
    ap.add_argument("--tsv", required=True)
    ap.add_argument("--markdown", required=True)
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args()
    ours = read_ours(a.ours)
    vocab, task = read_task(a.task)
    config = {"d_model": 32, "heads": 2, "d_k": 16, "d_v": 16, "d_ff": 64, "layers": 1, "vocab": vocab}
    load_start = open("/proc/loadavg").read().split()[0]
    global SET_THREADS, BLAS_THREADS
    SET_THREADS, BLAS_THREADS = find_blas_threads()

    threading = [l.strip() for l in torch.__config__.parallel_info().splitlines() if "backend" in l or "OpenMP" in l]
    print("PyTorch %s (%s); %s" % (torch.__version__, "; ".join(threading[:2]), BLAS_THREADS), flush=True)
    theirs = bench_attention(ours, budget=0.1 if a.quick else 0.8)
    server = OursServer(a.ours_server)
    # the training figures of ours.tsv give way to these, measured in the same rounds
    our_training, their_training, round_ratios, runs, our_runs = measure_training(config, task, server, a.quick)
    server.close()
    ours.update(our_training)
    theirs.update(their_training)
    loads = (load_start, open("/proc/loadavg").read().split()[0])

    names = [n for n in ours if n in theirs and not n.endswith(", CPU time")]
    write_tsv(a.tsv, names, ours, theirs)
    md = markdown_table(names, ours, theirs, loads) + markdown_notes(config, task, round_ratios, runs, our_runs)
    with open(a.markdown, "w") as f:
        f.write("\n".join(md))
    print("wrote %s" % a.tsv)


if __name__ == "__main__":
    main()
