"""bench/torch_model.py: chapter 12's encoder-decoder (src/model/) written in PyTorch.

One definition shared by the two scripts that need it:
  - bench/pytorch_side.py times its training against ours (`./course bench --pytorch`);
  - bench/parity.py loads the course's own weights into it and writes PyTorch's
    logits, loss, gradients (autograd), Adam step and decodes, which the suite
    compares with the hand-written backward pass (`./course verify --pytorch`).

The model, as the course builds it: multi-head attention without biases (Q = X_q W_q,
K = X_kv W_k, V = X_kv W_v, heads of d_k / d_v columns, out = concat(heads) W_o), a
causal mask in the decoder's self-attention, post-norm residual blocks (layer norm,
eps 1e-5), a feed-forward layer relu(x W_1 + b_1) W_2 + b_2, sinusoidal positions,
one embedding for source and target scaled by sqrt(d_model), and an output layer;
float64 throughout, as the course. Tensors are (batch, tokens, features).
"""
import math

import torch


def normal(rows, cols, std):
    return torch.nn.Parameter(torch.randn(rows, cols, dtype=torch.float64) * std)


def linear(d_in, d_out, std):
    layer = torch.nn.Linear(d_in, d_out, dtype=torch.float64)
    with torch.no_grad():
        layer.weight.normal_(0.0, std)
        layer.bias.zero_()
    return layer


class Attention(torch.nn.Module):
    """Multi-head attention as chapter 09's multi_head_attention: Q = X_q W_q, K = X_kv W_k,
    V = X_kv W_v, each cut into h heads of d_k (d_v) columns; head_i = softmax(Q_i K_i^T / sqrt(d_k)
    [+ causal mask]) V_i; out = concat(head_1 .. head_h) W_o."""

    def __init__(self, d_model, heads, d_k, d_v, causal):
        super().__init__()
        per_input = 1.0 / math.sqrt(d_model)
        self.W_q, self.W_k = normal(d_model, heads * d_k, per_input), normal(d_model, heads * d_k, per_input)
        self.W_v = normal(d_model, heads * d_v, per_input)
        self.W_o = normal(heads * d_v, d_model, 1.0 / math.sqrt(heads * d_v))
        self.heads, self.causal, self.scale = heads, causal, 1.0 / math.sqrt(d_k)

    def split(self, M):  # (B, L, h w) -> (B, h, L, w)
        B, L, hw = M.shape
        return M.reshape(B, L, self.heads, hw // self.heads).transpose(1, 2)

    def forward(self, x_q, x_kv):  # (B, L_q, d_model), (B, L_kv, d_model)
        Q, K, V = self.split(x_q @ self.W_q), self.split(x_kv @ self.W_k), self.split(x_kv @ self.W_v)
        S = Q @ K.transpose(-1, -2) * self.scale  # (B, h, L_q, L_kv)
        if self.causal:
            L = S.shape[-1]
            S = S.masked_fill(torch.ones(L, L, dtype=torch.bool).triu(1), float("-inf"))
        Z = torch.softmax(S, dim=-1) @ V  # (B, h, L_q, d_v)
        B, h, L_q, d_v = Z.shape
        return Z.transpose(1, 2).reshape(B, L_q, h * d_v) @ self.W_o  # (B, L_q, d_model)


class FeedForward(torch.nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.one = linear(d_model, d_ff, math.sqrt(2.0 / d_model))  # He: relu follows
        self.two = linear(d_ff, d_model, 1.0 / math.sqrt(d_ff))

    def forward(self, x):
        return self.two(torch.relu(self.one(x)))


def norm(d_model):
    return torch.nn.LayerNorm(d_model, eps=1e-5, dtype=torch.float64)


class EncoderBlock(torch.nn.Module):  # h = norm1(x + self(x)), out = norm2(h + ff(h))
    def __init__(self, c):
        super().__init__()
        self.self_attn = Attention(c["d_model"], c["heads"], c["d_k"], c["d_v"], causal=False)
        self.ff = FeedForward(c["d_model"], c["d_ff"])
        self.norm1, self.norm2 = norm(c["d_model"]), norm(c["d_model"])

    def forward(self, x):
        h = self.norm1(x + self.self_attn(x, x))
        return self.norm2(h + self.ff(h))


class DecoderBlock(torch.nn.Module):  # h1 = norm1(y + causal(y)), h2 = norm2(h1 + cross(h1, enc)), out = norm3(h2 + ff(h2))
    def __init__(self, c):
        super().__init__()
        self.self_attn = Attention(c["d_model"], c["heads"], c["d_k"], c["d_v"], causal=True)
        self.cross = Attention(c["d_model"], c["heads"], c["d_k"], c["d_v"], causal=False)
        self.ff = FeedForward(c["d_model"], c["d_ff"])
        self.norm1, self.norm2, self.norm3 = norm(c["d_model"]), norm(c["d_model"]), norm(c["d_model"])

    def forward(self, y, enc):
        h1 = self.norm1(y + self.self_attn(y, y))
        h2 = self.norm2(h1 + self.cross(h1, enc))
        return self.norm3(h2 + self.ff(h2))


def positional_encoding(length, d):  # as chapter 08's positional_encoding: even columns sin, odd columns cos
    pe = torch.zeros(length, d, dtype=torch.float64)
    for pos in range(length):
        for i in range(d):
            angle = pos / 10000.0 ** ((i - i % 2) / d)
            pe[pos, i] = math.sin(angle) if i % 2 == 0 else math.cos(angle)
    return pe


class Model(torch.nn.Module):
    def __init__(self, c):
        super().__init__()
        d = c["d_model"]
        self.embed = normal(c["vocab"], d, 1.0 / math.sqrt(d))
        self.encoder = torch.nn.ModuleList(EncoderBlock(c) for _ in range(c["layers"]))
        self.decoder = torch.nn.ModuleList(DecoderBlock(c) for _ in range(c["layers"]))
        self.out = linear(d, c["vocab"], 1.0 / math.sqrt(d))
        self.register_buffer("pe", positional_encoding(64, d))
        self.embed_scale = math.sqrt(d)

    def embed_tokens(self, tokens):  # (B, L) -> (B, L, d_model)
        return self.embed[tokens] * self.embed_scale + self.pe[: tokens.shape[1]]

    def encode(self, src):
        x = self.embed_tokens(src)
        for block in self.encoder:
            x = block(x)
        return x

    def decode(self, tgt_in, enc):
        y = self.embed_tokens(tgt_in)
        for block in self.decoder:
            y = block(y, enc)
        return self.out(y)  # (B, L, V) logits
