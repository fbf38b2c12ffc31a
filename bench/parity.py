#!/usr/bin/python3
"""bench/parity.py: PyTorch's answers for chapter 12's model on the course's own weights.

The course checks its hand-written backward pass by central differences of its own
loss, which cannot see a mistake the forward pass makes on both sides of the
difference. This script is the independent side: the same model written in PyTorch
(bench/torch_model.py, the one `./course bench --pytorch` trains), given the
course's initial weights and a fixed batch, both exported by the course
(`parity export DIR`, tools/parity/), computes in float64 with autograd:

  - the logits of the batch and its loss (mean cross-entropy over the target tokens,
    teacher-forced: the decoder reads <s> y_1 .. y_n and must predict y_1 .. y_n </s>);
  - the gradient of that loss with respect to every tensor (loss.backward());
  - the weights after one step of torch.optim.Adam at the course's settings
    (peak rate, betas, eps and warm-up from batch.txt: step 1 runs at
    peak * min(1 / warmup, sqrt(warmup)), as chapter 11's learning_rate);
  - greedy and beam-search decodes of a few sources, on the initial weights;

and writes them, in hexadecimal floating point (exact), to the reference file that
tests/parity/ compares the course's model with on every `./course test`.

  parity.py --inputs DIR --out FILE      (DIR holds model.ckpt and batch.txt)

`./course verify --pytorch` runs it into the build folder and compares at once;
`./course verify --pytorch --save-fixture` also replaces tests/data/parity/.
The file formats are described in src/model/parity.hpp.
"""
import argparse
import math
import os
import subprocess
import sys

try:
    import torch
    import torch.nn.functional as F
    from torch_model import Model  # bench/torch_model.py: chapter 12's model, shared with pytorch_side.py
except ImportError:
    sys.exit("parity.py: cannot import torch; install Debian's python3-torch "
             "(./course verify --pytorch does) and run with /usr/bin/python3")

BEGIN, END = 0, 1  # the vocabulary's <s> and </s> (src/model/toy_tasks.hpp)
CHECKPOINT_MAGIC = "attention-by-hand checkpoint 2"
BATCH_MAGIC = "attention-by-hand parity batch 1"
REFERENCE_MAGIC = "attention-by-hand parity reference 1"
REGENERATE = "./course verify --pytorch --save-fixture"


def fail(path, what):
    sys.exit("parity.py: %s: %s" % (path, what))


def fnv1a64(data):
    """The checksum that closes the course's checkpoints (src/model/checkpoint.cpp)."""
    h = 1469598103934665603
    for b in data:
        h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def unseal(path):
    """(lines of the body, the file's checksum), once its closing checksum line matches."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        fail(path, "cannot open (%s)" % e.strerror)
    mark = data.rfind(b"\nend fnv1a64 ")
    if mark < 0 or not data.endswith(b"\n"):
        fail(path, "is truncated (the closing checksum line is missing)")
    body, checksum = data[: mark + 1], data[mark + 13: -1].decode()
    if fnv1a64(body) != checksum:
        fail(path, "is corrupt (its checksum does not match its contents)")
    return body.decode().split("\n")[:-1], checksum


def read_checkpoint(path):
    """(config dict, [(name, tensor)]) of a course checkpoint, tensors in its layout's order."""
    lines, checksum = unseal(path)
    if lines[0] != CHECKPOINT_MAGIC:
        fail(path, "is not a checkpoint of this course (its first line should be %r)" % CHECKPOINT_MAGIC)
    words = lines[2].split()
    if words[0] != "config":
        fail(path, "line 3: expected 'config ...'")
    config = {k: int(v) for k, v in zip(words[1::2], words[2::2])}
    tensors, i = [], 4  # after the magic, task, config and words lines
    while i < len(lines):
        head = lines[i].split()
        if head[0] != "tensor" or len(head) != 4:
            fail(path, "line %d: expected 'tensor NAME ROWS COLS'" % (i + 1))
        name, rows, cols = head[1], int(head[2]), int(head[3])
        values = [[float.fromhex(x) for x in lines[i + 1 + r].split()] for r in range(rows)]
        if any(len(row) != cols for row in values):
            fail(path, "tensor %s: a row without %d numbers" % (name, cols))
        tensors.append((name, torch.tensor(values, dtype=torch.float64).reshape(rows, cols)))
        i += 1 + rows
    return config, tensors, checksum


def read_batch(path):
    lines, checksum = unseal(path)
    if lines[0] != BATCH_MAGIC:
        fail(path, "is not a parity batch file of this course (its first line should be %r)" % BATCH_MAGIC)
    batch = {"examples": [], "sources": []}
    for n, line in enumerate(lines[1:], start=2):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "adam":
            batch["adam"] = {k: float(v) for k, v in zip(words[1::2], words[2::2])}
        elif words[0] == "decode":
            batch["max_len"], batch["beam"] = int(words[2]), int(words[4])
        elif words[0] == "example":
            arrow = words.index("->")
            batch["examples"].append(([int(t) for t in words[1:arrow]], [int(t) for t in words[arrow + 1:]]))
        elif words[0] == "source":
            batch["sources"].append([int(t) for t in words[1:]])
        else:
            fail(path, "line %d: unexpected %r" % (n, words[0]))
    return batch, checksum


def course_to_torch(config):
    """[(course name, PyTorch parameter name, transposed)] for every tensor of the layout.
    nn.Linear keeps its weight as (out, in); the course's W_1, W_2 and out.W are (in, out)."""
    names = [("embed", "embed", False)]

    def attention(course, torch_name):
        return [("%s.%s" % (course, w), "%s.%s" % (torch_name, w), False) for w in ("W_q", "W_k", "W_v", "W_o")]

    def norm(course, torch_name):
        return [(course + ".gain", torch_name + ".weight", False), (course + ".bias", torch_name + ".bias", False)]

    def ff(course, torch_name):
        return [(course + ".W_1", torch_name + ".one.weight", True), (course + ".b_1", torch_name + ".one.bias", False),
                (course + ".W_2", torch_name + ".two.weight", True), (course + ".b_2", torch_name + ".two.bias", False)]

    for l in range(config["layers"]):
        c, t = "enc%d" % l, "encoder.%d" % l
        names += attention(c + ".self", t + ".self_attn") + norm(c + ".norm1", t + ".norm1")
        names += ff(c + ".ff", t + ".ff") + norm(c + ".norm2", t + ".norm2")
    for l in range(config["layers"]):
        c, t = "dec%d" % l, "decoder.%d" % l
        names += attention(c + ".self", t + ".self_attn") + norm(c + ".norm1", t + ".norm1")
        names += attention(c + ".cross", t + ".cross") + norm(c + ".norm2", t + ".norm2")
        names += ff(c + ".ff", t + ".ff") + norm(c + ".norm3", t + ".norm3")
    return names + [("out.W", "out.weight", True), ("out.b", "out.bias", False)]


def as_course(tensor, transposed, rows, cols):
    """A PyTorch parameter (or its gradient) in the course's shape (rows, cols)."""
    t = tensor.detach()
    return (t.T if transposed else t).reshape(rows, cols)


def logits_of(model, source, target_in):
    """The logits of one example, teacher-forced: (len(target_in), n_vocab). One example at a
    time, so no padding and no padding mask: the course's batch has none either."""
    enc = model.encode(torch.tensor([source]))
    return model.decode(torch.tensor([target_in]), enc)[0]


def greedy(model, source, max_len):
    """From <s>, the highest-scoring next token each time (the first on ties, as the course's
    index_max), until </s> or max_len tokens; without <s> and </s>."""
    enc = model.encode(torch.tensor([source]))
    prefix = [BEGIN]
    while len(prefix) - 1 < max_len:
        best = int(torch.argmax(model.decode(torch.tensor([prefix]), enc)[0, -1]))
        if best == END:
            break
        prefix.append(best)
    return prefix[1:]


def beam_search(model, source, max_len, beam):
    """Beam search as the course's contract states it (src/contracts/12_encoder_decoder.hpp):
    a prefix scores the sum of its tokens' log softmax; each round every live prefix is
    extended by every token and the `beam` best extensions are kept (ties: the smaller
    token, then the earlier prefix); one that ends with </s> or reaches max_len tokens is
    finished and leaves the beam; the search stops when no live prefix scores better than
    the best finished one. Written here from that statement, with PyTorch's scores."""
    if max_len == 0:
        return []
    enc = model.encode(torch.tensor([source]))
    live = [([BEGIN], 0.0)]
    best = None  # (tokens, score)
    while live:
        candidates = []
        for p, (tokens, score) in enumerate(live):
            logp = torch.log_softmax(model.decode(torch.tensor([tokens]), enc)[0, -1], dim=-1)
            candidates += [(score + float(logp[j]), j, p) for j in range(len(logp))]
        candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
        kept = []
        for score, token, p in candidates[:beam]:
            tokens = live[p][0] + ([] if token == END else [token])
            if token == END or len(tokens) - 1 >= max_len:
                if best is None or score > best[1]:
                    best = (tokens, score)
            else:
                kept.append((tokens, score))
        live = [h for h in kept if best is None or h[1] > best[1]]
    return best[0][1:]


def hex_rows(matrix):
    return "\n".join(" ".join(float(x).hex() for x in row) for row in matrix.tolist())


def torch_description():
    """'PyTorch 1.13.0a0 (Debian python3-torch 1.13.1+dfsg-4), Python 3.11.2, float64'."""
    debian = ""
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "python3-torch"], capture_output=True, text=True)
        if out.returncode == 0 and out.stdout:
            debian = " (Debian python3-torch %s)" % out.stdout
    except OSError:
        pass
    return "PyTorch %s%s, Python %s, float64" % (torch.__version__, debian, sys.version.split()[0])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--inputs", required=True, help="folder with model.ckpt and batch.txt (parity export)")
    ap.add_argument("--out", required=True, help="the reference file to write")
    a = ap.parse_args()
    torch.set_num_threads(1)  # the answers do not depend on it; the machine is shared
    ckpt_path, batch_path = os.path.join(a.inputs, "model.ckpt"), os.path.join(a.inputs, "batch.txt")
    config, weights, ckpt_sum = read_checkpoint(ckpt_path)
    batch, batch_sum = read_batch(batch_path)

    torch.manual_seed(0)  # the constructor draws weights, all replaced below
    model = Model(config)
    params = dict(model.named_parameters())
    names = course_to_torch(config)
    if [n for n, _, _ in names] != [n for n, _ in weights]:
        fail(ckpt_path, "its tensors are not the layout bench/parity.py knows: %s" % ", ".join(n for n, _ in weights))
    with torch.no_grad():
        for (course, torch_name, transposed), (_, value) in zip(names, weights):
            p = params[torch_name]
            p.copy_((value.T if transposed else value).reshape(p.shape))

    # decodes first, on the initial weights (the course decodes before its Adam step too)
    with torch.no_grad():
        greedy_out = [greedy(model, s, batch["max_len"]) for s in batch["sources"]]
        beam_out = [beam_search(model, s, batch["max_len"], batch["beam"]) for s in batch["sources"]]

    # the batch: every example's logits stacked, in order; the loss is their mean cross-entropy
    logits = torch.cat([logits_of(model, s, [BEGIN] + t) for s, t in batch["examples"]])  # (T_tgt, n_vocab)
    labels = torch.tensor([y for _, t in batch["examples"] for y in t + [END]])
    loss = F.cross_entropy(logits, labels)
    model.zero_grad(set_to_none=True)
    loss.backward()

    s = batch["adam"]
    warmup = s["warmup_steps"]
    adam = torch.optim.Adam(model.parameters(), lr=s["learning_rate"], betas=(s["beta1"], s["beta2"]), eps=s["epsilon"])
    # chapter 11's learning_rate: step t (from 1) runs at peak * min(t / warmup, sqrt(warmup / t))
    schedule = torch.optim.lr_scheduler.LambdaLR(adam, lambda e: min((e + 1) / warmup, math.sqrt(warmup / (e + 1))))
    grads = {n: params[n].grad.detach().clone() for _, n, _ in names}
    adam.step()
    del schedule

    shapes = [tuple(v.shape) for _, v in weights]
    out = [REFERENCE_MAGIC,
           "# PyTorch's answers for the model in model.ckpt on the batch in batch.txt (bench/parity.py,",
           "# bench/torch_model.py): logits, loss, every gradient by autograd, the weights after one Adam",
           "# step, and the greedy and beam decodes; the course's model is compared with them by",
           "# tests/parity/ (./course test) and by ./course verify. Formats: src/model/parity.hpp.",
           "# regenerate: " + REGENERATE,
           "made-by " + torch_description(),
           "inputs model.ckpt %s batch.txt %s" % (ckpt_sum, batch_sum),
           "loss " + float(loss).hex(),
           "tensor logits batch - %d %d" % tuple(logits.shape),
           hex_rows(logits.detach())]
    for (course, torch_name, transposed), (rows, cols) in zip(names, shapes):
        out += ["tensor gradient %s %s%s %d %d" % (course, torch_name, ".T" if transposed else "", rows, cols),
                hex_rows(as_course(grads[torch_name], transposed, rows, cols))]
    for (course, torch_name, transposed), (rows, cols) in zip(names, shapes):
        out += ["tensor adam %s %s%s %d %d" % (course, torch_name, ".T" if transposed else "", rows, cols),
                hex_rows(as_course(params[torch_name], transposed, rows, cols))]
    out += ["greedy " + " ".join(str(t) for t in g) for g in greedy_out]
    out += ["beam " + " ".join(str(t) for t in b) for b in beam_out]
    body = ("\n".join(line.rstrip() for line in out) + "\n").encode()
    tmp = a.out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(body + ("end fnv1a64 %s\n" % fnv1a64(body)).encode())
    os.replace(tmp, a.out)
    print("parity.py: wrote %s (%s; loss %.6f)" % (a.out, torch_description(), float(loss)))


if __name__ == "__main__":
    main()
