#include "labs/training_lab.hpp"

#include <cmath>
#include <random>

#include "contracts/02_qkv_projections.hpp"
#include "contracts/03_softmax.hpp"
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn::training_lab {

namespace {
void require_target(const char* function, const arma::rowvec& z, arma::uword target) {
    if (z.n_elem == 0 || target >= z.n_elem)
        throw InputError(std::string(function) + ": the target must be one of the row's " +
                         std::to_string(z.n_elem) + " columns");
}
}  // namespace

RowLoss loss_by_hand(const arma::rowvec& z, arma::uword target) {
    require_target("loss_by_hand", z, target);
    RowLoss r;
    r.max = z.max();
    r.shifted_exp = arma::exp(z - r.max);  // (1, n)
    r.sum = arma::accu(r.shifted_exp);
    r.log_sum_exp = r.max + std::log(r.sum);
    r.loss = r.log_sum_exp - z(target);
    r.probabilities = arma::exp(z - r.log_sum_exp);  // (1, n)
    return r;
}

double naive_loss(const arma::rowvec& z, arma::uword target) {
    require_target("naive_loss", z, target);
    const arma::rowvec e = arma::exp(z);  // inf as soon as a logit passes about 709.78
    return -std::log(e(target) / arma::accu(e));
}

double log_of_softmax_loss(const arma::rowvec& z, arma::uword target) {
    require_target("log_of_softmax_loss", z, target);
    const arma::mat p = softmax_rows(arma::mat(z));  // (1, n), chapter 03: shifted, never inf
    return -std::log(p(0, target));                  // but a probability below 1e-308 is 0
}

std::vector<DifferenceError> difference_errors(const arma::rowvec& z, arma::uword target, arma::uword entry,
                                               const std::vector<double>& steps) {
    require_target("difference_errors", z, target);
    if (entry >= z.n_elem) throw InputError("difference_errors: the entry must be one of the row's columns");
    const std::vector<arma::uword> targets = {target};
    const double g = cross_entropy(arma::mat(z), targets).dlogits(0, entry);
    // The loss as a function of that one logit, as a 1x1 matrix.
    auto f = [&](const arma::mat& x) {
        arma::mat moved(z);  // (1, n)
        moved(0, entry) = x(0, 0);
        return cross_entropy(moved, targets).loss;
    };
    const arma::mat here(1, 1, arma::fill::value(z(entry)));
    std::vector<DifferenceError> out;
    for (const double h : steps) {
        DifferenceError e;
        e.h = h;
        e.one_sided = std::abs((f(here + h) - f(here)) / h - g);
        e.central = std::abs(numeric_gradient(f, here, h)(0, 0) - g);
        out.push_back(e);
    }
    return out;
}

GradientCheck check_attention_backward(const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                                       const arma::mat& G, double h) {
    const AttentionResult forward = scaled_dot_product_attention(Q, K, V);  // weights (L_Q, L_K), output (L_Q, d_v)
    require_shapes(G.n_rows == forward.output.n_rows && G.n_cols == forward.output.n_cols, "check_attention_backward",
                   "G must have the shape of the output (L_Q x d_v)", {"G", G}, {"output", forward.output});
    GradientCheck c;
    c.analytic = attention_backward(Q, K, V, forward.weights, G);
    // L = sum(Z % G): moving one entry of Q, K or V and running the forward pass again.
    auto loss = [&](const arma::mat& q, const arma::mat& k, const arma::mat& v) {
        return arma::accu(scaled_dot_product_attention(q, k, v).output % G);
    };
    c.numeric.dQ = numeric_gradient([&](const arma::mat& X) { return loss(X, K, V); }, Q, h);
    c.numeric.dK = numeric_gradient([&](const arma::mat& X) { return loss(Q, X, V); }, K, h);
    c.numeric.dV = numeric_gradient([&](const arma::mat& X) { return loss(Q, K, X); }, V, h);
    const std::vector<std::pair<const arma::mat*, const arma::mat*>> pairs = {
        {&c.analytic.dQ, &c.numeric.dQ}, {&c.analytic.dK, &c.numeric.dK}, {&c.analytic.dV, &c.numeric.dV}};
    for (const auto& [a, b] : pairs) {
        require_shapes(a->n_rows == b->n_rows && a->n_cols == b->n_cols, "check_attention_backward",
                       "attention_backward must return gradients of the inputs' shapes", {"analytic", *a},
                       {"numeric", *b});
        c.worst_difference = std::max(c.worst_difference, arma::abs(*a - *b).max());
        const double size = arma::norm(*a + *b, "fro");
        if (size > 0) c.worst_relative = std::max(c.worst_relative, arma::norm(*a - *b, "fro") / size);
    }
    return c;
}

FirstStep adam_first_step(const arma::rowvec& gradient, double learning_rate, const AdamConstants& c) {
    arma::mat W(1, gradient.n_elem, arma::fill::zeros), m = W, v = W;  // (1, n) each
    adam_step(W, arma::mat(gradient), m, v, 1, learning_rate, c);
    FirstStep s;
    s.with_correction = W;
    // Without the correction: m = (1 - beta1) g and v = (1 - beta2) g^2 used as they are.
    const arma::rowvec m_raw = (1 - c.beta1) * gradient, v_raw = (1 - c.beta2) * arma::square(gradient);
    s.without_correction = -learning_rate * m_raw / (arma::sqrt(v_raw) + c.epsilon);
    return s;
}

double paper_learning_rate(long t, long d_model, long warmup) {
    if (t < 1 || d_model < 1 || warmup < 1)
        throw InputError("paper_learning_rate: t, d_model and warmup must all be at least 1");
    const double step = static_cast<double>(t);
    return std::pow(static_cast<double>(d_model), -0.5) *
           std::min(std::pow(step, -0.5), step * std::pow(static_cast<double>(warmup), -1.5));
}

double paper_peak(long d_model, long warmup) {
    if (d_model < 1 || warmup < 1) throw InputError("paper_peak: d_model and warmup must be at least 1");
    return 1.0 / std::sqrt(static_cast<double>(d_model) * static_cast<double>(warmup));
}

plot::Figure schedule_figure(long d_model, const std::vector<long>& warmups, long last) {
    plot::LineChart c;
    c.title = "learning_rate(t): linear warm-up, then 1/sqrt(t) (d_model " + std::to_string(d_model) + ")";
    c.xlabel = "step t";
    c.ylabel = "learning rate";
    for (const long w : warmups) {
        plot::Series s;
        s.title = "warm-up " + std::to_string(w);
        s.style = "lines";
        const long stride = std::max(1L, last / 400);  // about 400 points a line
        for (long t = 1; t <= last; t += stride) {
            s.x.push_back(static_cast<double>(t));
            s.y.push_back(learning_rate(t, paper_peak(d_model, w), w));
        }
        c.series.push_back(s);
    }
    return plot::Figure(c);
}

arma::mat reversal_input(const std::vector<arma::uword>& tokens, arma::uword vocabulary) {
    const arma::uword L = tokens.size();
    arma::mat X(L, vocabulary + L, arma::fill::zeros);  // (L, n + L)
    for (arma::uword i = 0; i < L; ++i) {
        if (tokens[i] >= vocabulary)
            throw InputError("reversal_input: token " + std::to_string(tokens[i]) + " at position " +
                             std::to_string(i) + ", but the vocabulary has " + std::to_string(vocabulary));
        X(i, tokens[i]) = 1;      // which token
        X(i, vocabulary + i) = 1;  // where it stands
    }
    return X;
}

namespace {
std::vector<arma::uword> random_sequence(std::mt19937& rng, const ReversalConfig& c) {
    std::uniform_int_distribution<arma::uword> token(0, c.vocabulary - 1);
    std::vector<arma::uword> s(c.length);
    for (auto& x : s) x = token(rng);
    return s;
}

std::vector<arma::uword> reversed(const std::vector<arma::uword>& s) { return {s.rbegin(), s.rend()}; }

// Share of positions whose largest logit is the reversed token.
double accuracy(const ReversalRun& r, const std::vector<std::vector<arma::uword>>& sequences, arma::uword n) {
    double right = 0, total = 0;
    for (const auto& s : sequences) {
        const arma::mat X = reversal_input(s, n);
        const arma::mat Z = scaled_dot_product_attention(project(X, r.W_q), project(X, r.W_k), project(X, r.W_v)).output;
        const auto answer = reversed(s);
        for (arma::uword i = 0; i < s.size(); ++i, ++total)
            if (Z.row(i).index_max() == answer[i]) ++right;
    }
    return right / total;
}
}  // namespace

ReversalRun train_reversal(const ReversalConfig& c) {
    if (c.length < 2 || c.vocabulary < 2 || c.d_k < 1 || c.steps < 1 || c.batch < 1 || c.evaluation < 1)
        throw InputError("train_reversal: the configuration needs length and vocabulary >= 2 and positive sizes");
    const arma::uword n = c.vocabulary, d_model = c.vocabulary + c.length;
    ReversalRun r;
    arma::arma_rng::set_seed(c.seed);
    r.W_q = arma::randn(d_model, c.d_k) * 0.3;  // (d_model, d_k)
    r.W_k = arma::randn(d_model, c.d_k) * 0.3;  // (d_model, d_k)
    r.W_v = arma::randn(d_model, n) * 0.3;      // (d_model, n)
    std::mt19937 train_rng(static_cast<unsigned>(c.seed)), eval_rng(static_cast<unsigned>(c.seed) + 1000u);
    std::vector<std::vector<arma::uword>> evaluation;
    for (int k = 0; k < c.evaluation; ++k) evaluation.push_back(random_sequence(eval_rng, c));
    r.accuracy_before = accuracy(r, evaluation, n);

    // Adam's running averages, one pair per weight matrix, zero before the first step.
    arma::mat m_q(arma::size(r.W_q), arma::fill::zeros), v_q = m_q;
    arma::mat m_k(arma::size(r.W_k), arma::fill::zeros), v_k = m_k;
    arma::mat m_v(arma::size(r.W_v), arma::fill::zeros), v_v = m_v;
    for (long t = 1; t <= c.steps; ++t) {
        arma::mat dW_q(arma::size(r.W_q), arma::fill::zeros), dW_k = dW_q, dW_v(arma::size(r.W_v), arma::fill::zeros);
        double loss = 0;
        for (int b = 0; b < c.batch; ++b) {
            const auto s = random_sequence(train_rng, c);
            const arma::mat X = reversal_input(s, n);                                      // (L, d_model)
            const arma::mat Q = project(X, r.W_q), K = project(X, r.W_k), V = project(X, r.W_v);  // (L, d_k) x2, (L, n)
            const AttentionResult f = scaled_dot_product_attention(Q, K, V);                // weights (L, L), output (L, n)
            const CrossEntropyResult ce = cross_entropy(f.output, reversed(s));             // dlogits (L, n)
            loss += ce.loss;
            // forward: Z = attention(Q, K, V)  -> dQ, dK, dV
            const AttentionGrads g = attention_backward(Q, K, V, f.weights, ce.dlogits);
            // forward: Q = X W_q (and K, V)    -> dW_q = X^T dQ
            dW_q += X.t() * g.dQ;  // (d_model, d_k)
            dW_k += X.t() * g.dK;  // (d_model, d_k)
            dW_v += X.t() * g.dV;  // (d_model, n)
        }
        const double batch = static_cast<double>(c.batch);  // the loss is the batch's mean, so is its gradient
        const double lr = learning_rate(t, c.peak, c.warmup);
        r.loss.push_back(loss / batch);
        r.rate.push_back(lr);
        adam_step(r.W_q, dW_q / batch, m_q, v_q, t, lr);
        adam_step(r.W_k, dW_k / batch, m_k, v_k, t, lr);
        adam_step(r.W_v, dW_v / batch, m_v, v_v, t, lr);
    }
    r.accuracy_after = accuracy(r, evaluation, n);
    r.example = evaluation.front();
    const arma::mat X = reversal_input(r.example, n);
    r.example_weights = scaled_dot_product_attention(project(X, r.W_q), project(X, r.W_k), project(X, r.W_v)).weights;
    return r;
}

plot::Figure loss_figure(const ReversalRun& run) {
    plot::LineChart c;
    c.title = "Training one attention layer to reverse 5 tokens: the loss";
    c.xlabel = "step";
    c.ylabel = "mean cross-entropy of the batch";
    c.log_y = true;
    c.extra = {"set format y \"%g\""};
    plot::Series s;
    s.title = "loss";
    s.style = "lines";
    for (std::size_t k = 0; k < run.loss.size(); ++k) {
        s.x.push_back(static_cast<double>(k + 1));
        s.y.push_back(run.loss[k]);
    }
    c.series.push_back(s);
    return plot::Figure(c);
}

plot::Figure difference_figure(const std::vector<DifferenceError>& errors) {
    plot::LineChart c;
    c.title = "Error of a difference quotient against the exact gradient";
    c.xlabel = "step h";
    c.ylabel = "|difference - gradient|";
    c.log_x = c.log_y = true;
    // h runs over powers of ten: ticks at every second one, in that base.
    c.extra = {"set logscale x 10", "set xtics 1e-12, 100, 1", "set format x \"1e%L\"", "set format y \"1e%L\"",
               "set key top center"};
    plot::Series one{"one-sided (f(x+h) - f(x)) / h", {}, {}};
    plot::Series two{"central (f(x+h) - f(x-h)) / 2h", {}, {}};
    for (const auto& e : errors) {
        // A log axis cannot show 0 (an error that rounded away entirely): leave the point out.
        if (e.one_sided > 0) one.x.push_back(e.h), one.y.push_back(e.one_sided);
        if (e.central > 0) two.x.push_back(e.h), two.y.push_back(e.central);
    }
    c.series = {one, two};
    return plot::Figure(c);
}

plot::Figure reversal_weights_figure(const ReversalRun& run) {
    plot::Heatmap h;
    h.title = "Trained weights on one sequence: query i reads key L-1-i";
    h.values = run.example_weights;
    for (arma::uword i = 0; i < run.example.size(); ++i) {
        const std::string label = std::to_string(i) + ": " + std::to_string(run.example[i]);
        h.row_labels.push_back(label);
        h.col_labels.push_back(label);
    }
    h.xlabel = "key (position: token)";
    h.ylabel = "query (position: token)";
    return plot::Figure(h);
}

}  // namespace attn::training_lab
