// families.cpp: the slips of families.hpp, each family's list written once.
#include "support/families.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>
#include <stdexcept>
#include <utility>

namespace attn_test {

namespace m = attn_test::mistakes;

Probe& declare(Probe& p, const Mistake& mk, const Outcome& o, const std::string& detail, double tol) {
    if (o.fits) return p.variant_fitting(mk, o.example, o.fits, detail);
    return p.variant(mk, o.example, detail, tol);
}

void add_slips(Probe& p, const std::vector<Slip>& slips, const Finish& finish) {
    for (const Slip& s : slips) {
        declare(p, *s.mistake, finish(s.way), s.detail, s.tol).labelled(s.how);
        if (!s.alone) p.combined();
    }
}

namespace {

const char* const kNoRule = "no rule for a row of -inf";

std::string joined(const std::string& how, const std::string& more) { return how.empty() ? more : how + ", " + more; }

Slip slip(const Mistake& mk, const AttentionWay& way, std::string how = "", std::string detail = "", double tol = kTol) {
    return Slip{&mk, way, std::move(how), std::move(detail), tol, true};
}

// The same slip in a body whose softmax is its own and has no rule for a row of
// nothing but -inf (NaN there): two slips at once, named by the first.
Slip unguarded(Slip s) {
    s.way.softmax.guard = false;
    s.how = joined(s.how, kNoRule);
    s.alone = false;
    return s;
}

// Adds s, and its unguarded copy when `too`.
void push(std::vector<Slip>& out, const Slip& s, bool too) {
    out.push_back(s);
    if (too) out.push_back(unguarded(s));
}

// --- the softmax ------------------------------------------------------------------------

const char* shift_name(Shift s) {
    switch (s) {
        case Shift::row_max: return "max(S, 1)";
        case Shift::none: return "no shift";
        case Shift::global_max: return "S.max()";
        case Shift::row_mean: return "mean(S, 1)";
        case Shift::column_max: return "max(S)";
        case Shift::row_min: return "min(S, 1)";
        case Shift::row_first: return "S.col(0)";
        case Shift::first_row_max: return "max(S.row(0))";
    }
    return "";
}
const char* norm_name(Norm n) {
    switch (n) {
        case Norm::row_sum: return "sum(E, 1)";
        case Norm::column_sum: return "sum(E)";
        case Norm::total: return "accu(E)";
        case Norm::row_max: return "max(E, 1)";
        case Norm::row_length: return "arma::normalise(E, 2, 1)";
        case Norm::column_length: return "arma::normalise(E)";
        case Norm::running_total: return "a total never set back to 0";
    }
    return "";
}
bool by_length(Norm n) { return n == Norm::row_length || n == Norm::column_length; }

}  // namespace

// Its first slip, in the order direction, normaliser, exponential, shift, rule for a row
// of -inf, a second softmax.
const Mistake* mistake_of(const SoftmaxWay& w) {
    if (w.down_columns || w.norm == Norm::column_sum) return &m::softmax_over_columns;
    if (w.norm == Norm::total) return &m::softmax_over_whole_matrix;
    if (w.norm == Norm::row_max) return &m::softmax_divided_by_max;
    if (w.norm == Norm::running_total) return &m::softmax_total_not_reset;
    if (by_length(w.norm)) return &m::softmax_normalised_by_length;
    if (!w.exponential) return &m::softmax_without_exp;
    if (w.shift == Shift::column_max) return &m::softmax_shift_by_column_max;
    if (w.shift == Shift::none) return &m::softmax_without_max_subtraction;
    if (w.shift != Shift::row_max) return &m::softmax_shift_not_row_max;
    if (!w.guard) return &m::masked_row_gives_nan;
    if (w.even_empty_rows) return &m::masked_row_spread_evenly;
    if (w.twice) return &m::weights_softmaxed_again;
    return nullptr;
}

namespace {

// The label of a softmax's way: the same body has the same label in every exercise.
std::string softmax_label(const SoftmaxWay& w) {
    std::string how;
    if (w.down_columns) how = "softmax_rows(S.t()).t()";
    else if (!w.exponential) how = "S.each_col() / sum(S, 1), no exp";
    else if (by_length(w.norm)) how = norm_name(w.norm);
    else if (w.even_empty_rows) how = "1 / L_K each on a row of -inf";
    else if (w.twice) how = "softmax_rows(softmax_rows(S))";
    else how = std::string("shift ") + shift_name(w.shift) + ", divide by " + norm_name(w.norm);
    if (w.zero_total_rows) how += ", zeros where the total is 0";
    return w.guard ? how : joined(how, kNoRule);
}

Slip softmax_slip(const SoftmaxWay& w, bool alone = true) {
    AttentionWay way;
    way.softmax = w;
    Slip s = slip(*mistake_of(w), way, softmax_label(w));
    s.alone = alone;
    return s;
}

SoftmaxWay way_of(Shift sh, Norm no) {
    SoftmaxWay w;
    w.shift = sh;
    w.norm = no;
    return w;
}

}  // namespace

std::vector<Slip> softmax_slips(const SoftmaxSlips& which) {
    std::vector<Slip> out;
    if (which.every_pairing) {
        const Shift shifts[] = {Shift::row_max, Shift::column_max, Shift::global_max, Shift::row_mean, Shift::none,
                                Shift::row_min, Shift::row_first, Shift::first_row_max};
        const Norm norms[] = {Norm::row_sum, Norm::column_sum, Norm::total, Norm::row_max};
        for (const bool guard : {true, false})
            for (const Shift sh : shifts)
                for (const Norm no : norms) {
                    if (sh == Shift::row_first && !which.shift_by_first) continue;
                    SoftmaxWay w = way_of(sh, no);
                    w.guard = guard;
                    if (!mistake_of(w)) continue;  // the right one
                    const int slips = (sh != Shift::row_max) + (no != Norm::row_sum) + !guard;
                    out.push_back(softmax_slip(w, slips == 1));
                    // another shift with the rule written on the total: zeros where every
                    // exponential of a row underflowed
                    if (guard && sh != Shift::row_max && no == Norm::row_sum) {
                        w.zero_total_rows = true;
                        out.push_back(softmax_slip(w, slips == 1));
                    }
                }
        // the row's total never set back to 0 between rows
        out.push_back(softmax_slip(way_of(Shift::row_max, Norm::running_total)));
    } else if (which.table) {
        const std::pair<Shift, Norm> table[] = {
            {Shift::row_max, Norm::column_sum},    {Shift::row_max, Norm::total},  {Shift::global_max, Norm::total},
            {Shift::row_max, Norm::row_max},       {Shift::none, Norm::row_sum},   {Shift::global_max, Norm::row_sum},
            {Shift::row_mean, Norm::row_sum},      {Shift::row_min, Norm::row_sum}, {Shift::column_max, Norm::row_sum},
            {Shift::row_first, Norm::row_sum},     {Shift::row_max, Norm::running_total}};
        for (const auto& [sh, no] : table)
            if ((sh != Shift::row_min || which.shift_by_row_min) && (sh != Shift::row_first || which.shift_by_first)) {
                push(out, softmax_slip(way_of(sh, no)), which.table_unguarded);
                if (sh != Shift::row_max && no == Norm::row_sum) {  // the rule written on the total
                    SoftmaxWay w = way_of(sh, no);
                    w.zero_total_rows = true;
                    out.push_back(softmax_slip(w));
                }
            }
    }
    if (which.down_columns) {
        SoftmaxWay w;
        w.down_columns = true;
        push(out, softmax_slip(w), which.down_columns_unguarded);
    }
    if (which.by_length)
        for (const Norm no : {Norm::row_length, Norm::column_length})
            push(out, softmax_slip(way_of(Shift::row_max, no)), which.by_length_unguarded);
    SoftmaxWay w;
    if (which.without_exp) {
        w.exponential = false;
        out.push_back(softmax_slip(w));
        w.exponential = true;
    }
    if (which.spread_evenly) {
        w.even_empty_rows = true;
        out.push_back(softmax_slip(w));
        w.even_empty_rows = false;
    }
    if (which.again) {
        w.twice = true;
        out.push_back(softmax_slip(w));
        w.twice = false;
    }
    if (which.nan_rows) {
        w.guard = false;
        out.push_back(softmax_slip(w));
    }
    return out;
}

void add_softmax_slips(Probe& p, const Finish& finish, const SoftmaxSlips& which) {
    add_slips(p, softmax_slips(which), finish);
}

void add_softmax_slips(Probe& p, const arma::mat& S, const std::function<Outcome(const arma::mat& weights)>& finish,
                       const SoftmaxSlips& which) {
    add_slips(p, softmax_slips(which), [&](const AttentionWay& w) { return finish(softmax_by_loops(S, w.softmax)); });
}

// --- the mask -------------------------------------------------------------------------

const Mistake& mistake_of(MaskUse use) {
    switch (use) {
        case MaskUse::after_softmax: return m::mask_after_softmax;
        case MaskUse::added_to_weights: return m::mask_added_to_weights;
        case MaskUse::zero_score: return m::mask_with_zero;
        case MaskUse::multiplied: return m::mask_multiplied;
        case MaskUse::transposed: return m::mask_transposed;
        case MaskUse::plus_large:
        case MaskUse::set_large: return m::mask_large_finite_value;
        case MaskUse::ignored: return m::mask_ignored;
        case MaskUse::keep_pattern: return m::mask_read_as_keep_pattern;
        case MaskUse::shift_before_mask: return m::softmax_shift_before_mask;
        case MaskUse::subtracted: return m::mask_subtracted;
        case MaskUse::added: break;
    }
    throw std::invalid_argument("mistake_of: the mask added to the scores is the right use, no mistake");
}

std::vector<Slip> mask_slips(const arma::mat& mask, const MaskSlips& which) {
    std::vector<Slip> out;
    auto use = [](MaskUse u) {
        AttentionWay w;
        w.mask = u;
        return w;
    };
    auto named = [&](MaskUse u, std::string how = "", std::string detail = "", double tol = kTol) {
        return slip(mistake_of(u), use(u), std::move(how), std::move(detail), tol);
    };
    out.push_back(named(MaskUse::after_softmax));
    out.push_back(named(MaskUse::added_to_weights));
    out.push_back(named(MaskUse::zero_score));
    if (which.ignored) out.push_back(named(MaskUse::ignored));
    if (which.keep_pattern) out.push_back(named(MaskUse::keep_pattern));
    if (which.shift_before_mask) out.push_back(named(MaskUse::shift_before_mask));
    if (which.multiplied) push(out, named(MaskUse::multiplied), which.multiplied_unguarded);
    if (which.transposed) out.push_back(named(MaskUse::transposed, "S + mask.t()"));
    // mask.t() where it fits, a square mask, and the mask as it is elsewhere: right there
    if (which.transposed_where_square)
        out.push_back(slip(mistake_of(MaskUse::transposed),
                           use(mask.n_rows == mask.n_cols ? MaskUse::transposed : MaskUse::added),
                           "mask.t() when it is square"));
    // -1e9 or -1e30: nearly the right weights (a looser tolerance), and even ones on a
    // row with every key hidden
    if (which.large) {
        const double loose = 1e-5;
        out.push_back(named(MaskUse::plus_large, "S + (-1e9 where hidden)", "", loose));
        out.push_back(named(MaskUse::set_large, "hidden scores set to -1e9", which.set_large_detail, loose));
    }
    // the softmax taken before the mask (its row's maximum over hidden keys too) and no rule
    // for a row with nothing left: named by the NaN it gives
    if (which.renormalised) {
        AttentionWay w = use(MaskUse::shift_before_mask);
        w.softmax.guard = false;
        out.push_back(slip(m::masked_row_gives_nan, w, "softmax(S), hidden zeroed, rows renormalised"));
    }
    return out;
}

void add_mask_slips(Probe& p, const arma::mat& mask, const Finish& finish, const MaskSlips& which) {
    add_slips(p, mask_slips(mask, which), finish);
    if (which.subtracted) {
        // S - mask: with a softmax of the learner's own, NaN on each row with a hidden key (its
        // maximum +infinity, inf - inf); through the course's softmax_rows or masked_softmax, or
        // -mask handed to scaled_dot_product_attention, that function's InputError for +infinity
        // (unless a step before the softmax refuses first)
        AttentionWay w;
        w.mask = MaskUse::subtracted;
        const Outcome own = finish(w);
        declare(p, mistake_of(MaskUse::subtracted), own).labelled("S - mask, a softmax of its own");
        const bool plus_infinity = arma::any(arma::vectorise(mask == -arma::datum::inf));
        if (plus_infinity && own.example.threw == Threw::nothing)
            p.variant_fitting(mistake_of(MaskUse::subtracted),
                              Result::throws(Threw::input_error, "softmax_rows: S has +infinity"),
                              [](const Result& r) {
                                  const auto from = [&](const char* f) { return r.message.rfind(f, 0) == 0; };
                                  return r.threw == Threw::input_error && mentions(r.message, "+inf") &&
                                         (from("softmax_rows:") || from("masked_softmax:") ||
                                          from("scaled_dot_product_attention:"));
                              });
        else
            declare(p, mistake_of(MaskUse::subtracted), own);
        p.labelled("S - mask, softmax_rows");
    }
}

// --- the divisor ------------------------------------------------------------------------

const Mistake& mistake_of(Divisor d) {
    switch (d) {
        case Divisor::none: return m::no_scaling;
        case Divisor::d_k: return m::scale_by_d_k;
        case Divisor::multiplied: return m::scale_multiplied;
        case Divisor::sqrt_d_v: return m::scale_by_sqrt_d_v;
        case Divisor::key_count: return m::scale_by_key_count;
        case Divisor::query_count: return m::scale_by_query_count;
        case Divisor::sqrt_d_model: return m::scale_by_sqrt_d_model;
        case Divisor::after_softmax: return m::scaled_after_softmax;
        case Divisor::fixed_two: return m::divisor_hard_coded;
        case Divisor::truncated_sqrt: return m::sqrt_truncated_to_integer;
        case Divisor::minus_one: return m::scale_by_sqrt_d_k_minus_one;
        case Divisor::half_d_k: return m::scale_by_half_d_k;
        case Divisor::other_power: return m::scale_by_another_power_of_d_k;
    }
    throw std::invalid_argument("mistake_of: no such divisor");
}

std::vector<Slip> divisor_slips(const DivisorSizes& n, const DivisorSlips& which) {
    std::vector<Slip> out;
    auto by = [&](Divisor d, double divisor, std::string how = "", std::string detail = "") {
        AttentionWay w;
        w.divisor = divisor;
        push(out, slip(mistake_of(d), w, std::move(how), std::move(detail)), which.unguarded);
    };
    by(Divisor::none, 1.0);
    by(Divisor::d_k, n.d_k, "", which.d_k_detail);
    by(Divisor::multiplied, 1.0 / std::sqrt(n.d_k));
    if (n.d_v > 0) by(Divisor::sqrt_d_v, std::sqrt(n.d_v));
    if (n.L_K > 0) by(Divisor::key_count, std::sqrt(n.L_K), "sqrt(K.n_rows)");
    // the number of queries: a count of tokens like the keys', or a mistake of its own,
    // which is only another number where L_Q != L_K
    if (n.L_Q > 0 && !which.queries_apart) by(Divisor::key_count, std::sqrt(n.L_Q), "sqrt(Q.n_rows)");
    if (n.L_Q > 0 && which.queries_apart && n.L_Q != n.L_K)
        by(Divisor::query_count, std::sqrt(n.L_Q), "sqrt(Q.n_rows)");
    if (n.d_model > 0) by(Divisor::sqrt_d_model, std::sqrt(n.d_model));
    if (which.after_softmax) {
        AttentionWay w;
        w.divided_after_softmax = true;
        push(out, slip(mistake_of(Divisor::after_softmax), w), which.unguarded);
    }
    if (which.fixed) {
        by(Divisor::fixed_two, 2.0, "2");
        by(Divisor::truncated_sqrt, std::floor(std::sqrt(n.d_k)));
    }
    if (which.powers) {
        if (n.d_k > 1) by(Divisor::minus_one, std::sqrt(n.d_k - 1));
        by(Divisor::half_d_k, n.d_k / 2);
        by(Divisor::other_power, n.d_k * n.d_k, "d_k^2", "d_k^2");
        by(Divisor::other_power, std::sqrt(std::sqrt(n.d_k)), "d_k^(1/4)", "d_k^(1/4), sqrt(sqrt(d_k))");
        // scale_scores(S, std::sqrt(d_k)): the root handed to a function that takes d_k (an
        // arma::uword, so cut to a whole number) and takes the root itself
        by(Divisor::other_power, std::sqrt(std::floor(std::sqrt(n.d_k))), "sqrt(d_k) handed to scale_scores",
           "the root taken twice, sqrt of sqrt(d_k) cut to a whole number, as scale_scores(S, std::sqrt(d_k)) "
           "gives: scale_scores takes d_k itself (an arma::uword) and takes the root");
        by(Divisor::fixed_two, 8.0, "8");
    }
    return out;
}

void add_divisor_slips(Probe& p, const DivisorSizes& sizes, const Finish& finish, const DivisorSlips& which) {
    add_slips(p, divisor_slips(sizes, which), finish);
}

// --- the wiring -----------------------------------------------------------------------

namespace {

// One wiring slip: the change it makes, its mistake and its label (k_q_detail: what else
// gives K Q^T).
Slip wiring_slip(Wiring wiring, const std::string& k_q_detail) {
    AttentionWay w;
    switch (wiring) {
        case Wiring::scores_k_q:
            w.scores = ScoresFrom::k_q;
            return slip(m::scores_transposed, w, "K * Q.t()", k_q_detail);
        case Wiring::scores_k_q_in_loops:
            w.scores = ScoresFrom::k_q, w.written = Written::loops;
            return slip(m::scores_transposed, w, "loops with i and j swapped", k_q_detail);
        case Wiring::scores_q_q:
            w.scores = ScoresFrom::q_q;
            return slip(m::scores_queries_by_queries, w, "Q * Q.t()");
        case Wiring::scores_q_times_k:
            w.scores = ScoresFrom::q_times_k;
            return slip(m::scores_transpose_misplaced, w, "Q * K");
        case Wiring::scores_qt_times_k:
            w.scores = ScoresFrom::qt_times_k;
            return slip(m::scores_transpose_misplaced, w, "Q.t() * K");
        case Wiring::scores_kept:
            w.no_softmax = true;
            return slip(m::softmax_left_out, w);
        case Wiring::output_at_v:
            w.transpose_weights = true;
            return slip(m::weights_transposed, w, "A.t() * V");
        case Wiring::output_at_v_in_loops:
            w.transpose_weights = true, w.written = Written::loops;
            return slip(m::weights_transposed, w, "loops reading A(j, i)");
        case Wiring::output_at_v_by_mix_value_rows:
            w.transpose_weights = true, w.written = Written::course_function;
            return slip(m::weights_transposed, w, "mix_value_rows(A.col(i).t(), V)");
        case Wiring::output_a_vt:
            w.transpose_values = true;
            return slip(m::values_transposed, w, "A * V.t()");
        case Wiring::output_a:
            w.weights_as_output = true;
            return slip(m::weights_instead_of_output, w);
    }
    throw std::invalid_argument("wiring_slip: no such wiring");
}

}  // namespace

std::vector<Slip> wiring_slips(const WiringSlips& which) {
    std::vector<Slip> out;
    for (const Wiring wiring : which.ways) out.push_back(wiring_slip(wiring, which.scores_k_q_detail));
    return out;
}

const Mistake& mistake_of(Wiring w) { return *wiring_slip(w, "").mistake; }

void add_attention_wiring_slips(Probe& p, const Finish& finish, const WiringSlips& which) {
    add_slips(p, wiring_slips(which), finish);
}

// --- the projections of a layer -------------------------------------------------------

std::vector<Slip> projection_slips(const std::vector<Projection>& ways) {
    std::vector<Slip> out;
    for (const Projection p : ways) {
        AttentionWay w;
        switch (p) {
            case Projection::sources_swapped:
                w.projection.sources_swapped = true;
                out.push_back(slip(m::cross_attention_roles_swapped, w, "Q from X_kv, K and V from X_q"));
                break;
            case Projection::q_by_w_k:
                w.projection.q = Weight::k;
                out.push_back(slip(m::projection_role_swapped, w, "Q = X_q W_k"));
                break;
            case Projection::k_by_w_q:
                w.projection.k = Weight::q;
                out.push_back(slip(m::projection_role_swapped, w, "K = X_kv W_q"));
                break;
            case Projection::v_by_w_q:
                w.projection.v = Weight::q;
                out.push_back(slip(m::projection_role_swapped, w, "V = X_kv W_q"));
                break;
            case Projection::v_by_w_k:
                w.projection.v = Weight::k;
                out.push_back(slip(m::projection_role_swapped, w, "V = X_kv W_k"));
                break;
        }
    }
    return out;
}

void add_projection_slips(Probe& p, const Finish& finish, const std::vector<Projection>& ways) {
    add_slips(p, projection_slips(ways), finish);
}

// --- a product with a weight matrix ---------------------------------------------------

void add_product_slips(Probe& p, const std::function<Outcome(const ProductWay& way)>& finish,
                       const std::vector<ProductWay>& ways) {
    for (const ProductWay& w : ways) {
        const Mistake* mk = nullptr;
        std::string how;
        switch (w.product) {
            case Product::w_x: mk = &m::projection_w_times_x, how = "W * X"; break;
            case Product::x_wt: mk = &m::projection_transposed_weights, how = "X * W.t()"; break;
            case Product::wt_xt: mk = &m::projection_output_transposed, how = "W.t() * X.t()"; break;
            case Product::elementwise: mk = &m::projection_elementwise, how = "X % W"; break;
        }
        if (!w.where.empty()) how += " " + w.where;
        if (w.own_check) how += ", the shape check rewritten to fit it";
        declare(p, *mk, finish(w)).labelled(how);
        if (w.own_check) p.combined();  // two slips: named by the product's
    }
}

// --- a mask on a cross-attention --------------------------------------------------------

void add_cross_mask_slips(Probe& p, arma::uword L_dec, arma::uword L_enc,
                          const std::function<Outcome(const arma::mat& mask)>& finish,
                          const std::function<Outcome(const arma::mat& mask)>& moved) {
    if (moved)
        declare(p, m::decoder_cross_attention_masked, moved(causal_mask_by_loops(L_dec)))
            .labelled("causal_mask(L_dec) moved from the self-attention");
    declare(p, m::decoder_cross_attention_masked, finish(causal_mask_by_loops(L_dec))).labelled("causal_mask(L_dec)");
    arma::mat own(L_dec, L_enc, arma::fill::zeros);  // (L_dec, L_enc)
    for (arma::uword i = 0; i < L_dec; ++i)
        for (arma::uword j = i + 1; j < L_enc; ++j) own(i, j) = -INFINITY;
    declare(p, m::decoder_cross_attention_masked, finish(own)).labelled("L_dec x L_enc, -inf where key j > query i");
    // the decoder's mask handed on only where its shape fits (L_enc = L_dec), none elsewhere
    declare(p, m::decoder_cross_attention_masked, finish(L_dec == L_enc ? causal_mask_by_loops(L_dec) : arma::mat()))
        .labelled("causal_mask(L_dec) where L_enc = L_dec");
}

void add_finite_mask_entries_slips(Probe& p, const arma::mat& mask,
                                   const std::function<Outcome(const arma::mat& mask)>& finish) {
    // declared on a mask of 0 and -infinity only as well, where it is right: there it tells
    // itself from every other slip of the mask
    const arma::uvec finite = arma::find(mask != 0.0 && mask != -arma::datum::inf);
    arma::mat hidden_only = mask;
    hidden_only.elem(finite).zeros();
    declare(p, m::mask_finite_entries_ignored, finish(hidden_only)).labelled("only the -inf entries applied");
}

// --- shape rules that are not rules ----------------------------------------------------

const Mistake& mistake_of(NotARule rule) {
    switch (rule) {
        case NotARule::l_q_equals_l_k: return m::extra_rule_l_q_equals_l_k;
        case NotARule::d_v_equals_d_k: return m::extra_rule_d_v_equals_d_k;
        case NotARule::other_sizes: return m::shape_rule_refuses_fitting_shapes;
        case NotARule::mask_other_shape: return m::mask_shape_rule_wrong;
    }
    throw std::invalid_argument("mistake_of: no such rule");
}

Probe& add_rule_slip(Probe& p, NotARule rule, bool holds, const Result& right, const Outcome& refused,
                     const std::string& detail) {
    return declare(p, mistake_of(rule), holds ? Outcome(right) : refused, detail);
}

// --- a range one index too long ----------------------------------------------------------

const Mistake& mistake_of(OneTooMany way) {
    switch (way) {
        case OneTooMany::loop_bound: return m::loop_runs_one_past_the_end;
        case OneTooMany::span_end: return m::span_end_inclusive;
        case OneTooMany::empty_range: return m::add_positions_empty_sentence;
    }
    throw std::invalid_argument("mistake_of: no such range");
}

bool empty_range_broke(const Result& got, const std::string& input) {
    if (got.threw != Threw::armadillo_index) return false;
    report(m::add_positions_empty_sentence, "on " + input + ", it threw " + got.type + ": " + got.message);
    return true;
}

// --- the softmax's backward pass ------------------------------------------------------

arma::mat softmax_backward_by_loops(const arma::mat& A_given, const arma::mat& dA, Jvp way) {
    // softmax_again: the weights put through softmax_rows once more, and that used for A
    const arma::mat A = way == Jvp::softmax_again ? softmax_by_loops(A_given) : A_given;
    const arma::uword R = A.n_rows, C = A.n_cols;
    arma::vec row_dot(R, arma::fill::zeros), row_sum(R, arma::fill::zeros), row_aa(R, arma::fill::zeros),
        dot_short(R, arma::fill::zeros), dot_from_one(R, arma::fill::zeros);
    arma::rowvec col_dot(C, arma::fill::zeros);
    double whole = 0;
    for (arma::uword i = 0; i < R; ++i)
        for (arma::uword j = 0; j < C; ++j) {
            row_dot(i) += A(i, j) * dA(i, j);
            if (j + 1 < C) dot_short(i) += A(i, j) * dA(i, j);
            if (j > 0) dot_from_one(i) += A(i, j) * dA(i, j);
            row_sum(i) += dA(i, j);
            row_aa(i) += A(i, j) * A(i, j);
            col_dot(j) += A(i, j) * dA(i, j);
            whole += A(i, j) * dA(i, j);
        }
    arma::mat dS(R, C);
    double running = 0;
    for (arma::uword i = 0; i < R; ++i) {
        running += row_dot(i);
        double partial = 0;  // the row's dot product so far, keys 0..j-1
        for (arma::uword j = 0; j < C; ++j) {
            const double a = A(i, j), g = dA(i, j), d = row_dot(i);
            double x = a * (g - d);
            switch (way) {
                case Jvp::right:
                case Jvp::softmax_again: break;
                case Jvp::skipped: x = g; break;
                case Jvp::without_subtraction: x = a * g; break;
                case Jvp::missing_weights: x = g - d; break;
                case Jvp::diagonal_only: x = a * (1.0 - a) * g; break;
                case Jvp::sum_of_v: x = a * (g - row_sum(i)); break;
                case Jvp::mean_of_v: x = a * (g - row_sum(i) / static_cast<double>(C)); break;
                case Jvp::brackets: x = a * g - d; break;
                case Jvp::dot_added: x = a * (g + d); break;
                case Jvp::column_dots_by_row: x = i < C ? a * (g - col_dot(i)) : 0.0; break;
                case Jvp::columns: x = a * (g - col_dot(j)); break;
                case Jvp::whole_matrix: x = a * (g - whole); break;
                case Jvp::not_reset: x = a * (g - running); break;
                case Jvp::roles_swapped: x = g * (a - d); break;
                case Jvp::on_weights: x = a * (a - row_aa(i)); break;
                case Jvp::dot_of_weights: x = a * (g - row_aa(i)); break;
                case Jvp::first_term_unweighted: x = g - a * d; break;
                case Jvp::dot_as_mean: x = a * (g - d / static_cast<double>(C)); break;
                case Jvp::own_weight_twice: x = a * (g - a * row_sum(i)); break;
                case Jvp::without_delta: x = a * (row_sum(i) - d); break;
                case Jvp::gradient_in_front: x = g * (g - d); break;
                case Jvp::log_softmax: x = g - a * row_sum(i); break;
                case Jvp::partial_dot_through: x = a * (g - (partial + a * g)); break;
                case Jvp::partial_dot_before: x = a * (g - partial); break;
                case Jvp::dot_one_short: x = a * (g - dot_short(i)); break;
                case Jvp::dot_from_one: x = a * (g - dot_from_one(i)); break;
                case Jvp::both_loops_short: x = j + 1 < C ? a * (g - dot_short(i)) : 0.0; break;
                case Jvp::masked_keep_gradient: x = a == 0.0 ? g : x; break;
            }
            partial += a * g;
            dS(i, j) = x;
        }
    }
    return dS;
}

namespace {
// sum over k in [from, to) of A(i, k) B(k, j), or of A(i, k) + B(k, j); row_of_a: A's row
// for every i (an index of 0 where i belongs), or -1
// `in_int`: the total kept in an int (int s = 0; s += ...), cut to a whole number at each step
arma::mat product_over(const arma::mat& A, const arma::mat& B, arma::uword from, arma::uword to, bool added = false,
                       long row_of_a = -1, bool in_int = false) {
    arma::mat C(A.n_rows, B.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < A.n_rows; ++i)
        for (arma::uword j = 0; j < B.n_cols; ++j) {
            const arma::uword r = row_of_a < 0 ? i : static_cast<arma::uword>(row_of_a);
            double s = 0;
            for (arma::uword k = from; k < to; ++k) {
                s += added ? A(r, k) + B(k, j) : A(r, k) * B(k, j);
                if (in_int) s = std::trunc(s);
            }
            C(i, j) = s;
        }
    return C;
}
}  // namespace

arma::mat read_row_major(const arma::mat& M) {
    return arma::mat(arma::reshape(arma::vectorise(M), M.n_cols, M.n_rows).t());
}

const Mistake& mistake_of(StorageRead way) {
    return way == StorageRead::row_major ? m::product_read_row_major : m::product_read_wrong_leading_dimension;
}

arma::mat same_summary_other_order(const arma::mat& M) {
    arma::mat out = M;
    if (M.n_elem > 2) std::reverse(out.memptr() + 1, out.memptr() + out.n_elem);
    return out;
}

void add_product_loop_slips(Probe& p, const std::string& part, const arma::mat& A, const arma::mat& B,
                            const ProductNames& names) {
    const arma::uword n = A.n_cols;
    if (n < 2 || A.n_rows == 0 || B.n_cols == 0 || p.right.threw != Threw::nothing || !p.right.part(part)) return;
    // each way labelled by the loop and the bound it runs to, the same words on every input
    // (two ways may give the same numbers on one input, or the right ones: the others tell
    // them apart)
    auto add = [&](const Mistake& mk, const arma::mat& value, const std::string& how, const std::string& detail) {
        Result r = p.right;
        for (Part& q : r.parts)
            if (q.name == part) q.value = value;
        if (!names.skip.count(how)) p.variant(mk, r, detail).labelled(how);
    };
    const std::string product = names.product.empty() ? names.a + " " + names.b : names.product;
    const std::string ab = product + " (a sum over the " + names.inner + " columns of " + names.a + " and rows of " +
                           names.b + ")";
    const arma::mat C = product_over(A, B, 0, n);
    // the rows or columns of the result to bound b: the first b of them, the rest at 0
    auto rows_to = [&](arma::uword b) {
        arma::mat c = C;
        if (b < A.n_rows) c.rows(b, A.n_rows - 1).zeros();
        return c;
    };
    auto cols_to = [&](arma::uword b) {
        arma::mat c = C;
        if (b < B.n_cols) c.cols(b, B.n_cols - 1).zeros();
        return c;
    };
    add(m::loop_misses_the_last_index, product_over(A, B, 0, n - 1), "the sum one short", ab);
    if (A.n_rows >= 2) add(m::loop_misses_the_last_index, rows_to(A.n_rows - 1), "the rows one short", ab);
    if (B.n_cols >= 2) add(m::loop_misses_the_last_index, cols_to(B.n_cols - 1), "the columns one short", ab);
    // a bound of another size: terms or entries left out where it is smaller, an index past
    // the end (of a loop reading entries) where it is larger
    const Result past_the_end = Result::throws(Threw::armadillo_index, "out of bounds");
    const std::vector<std::tuple<arma::uword, const char*, char>> bounds = {
        {A.n_rows, "the sum to A.n_rows", 's'},   {B.n_cols, "the sum to B.n_cols", 's'},
        {n, "the rows to A.n_cols", 'r'},         {B.n_cols, "the rows to B.n_cols", 'r'},
        {A.n_rows, "the columns to A.n_rows", 'c'}, {n, "the columns to A.n_cols", 'c'}};
    for (const auto& [b, how, loop] : bounds) {
        const arma::uword right = loop == 's' ? n : loop == 'r' ? A.n_rows : B.n_cols;
        if (b == 0 || names.skip.count(how)) continue;
        // where the other size is the right one, the slip gives the right result: declared, so
        // that an input where it shows nothing still counts against it
        if (b == right) p.variant(m::loop_bound_of_another_size, p.right, ab).labelled(how);
        else if (b > right) p.variant(m::loop_bound_of_another_size, past_the_end, ab).labelled(how);
        else if (loop == 's') add(m::loop_bound_of_another_size, product_over(A, B, 0, b), how, ab);
        else if (loop == 'r') add(m::loop_bound_of_another_size, rows_to(b), how, ab);
        else add(m::loop_bound_of_another_size, cols_to(b), how, ab);
    }
    add(m::loop_assigns_instead_of_adding, product_over(A, B, n - 1, n), "= for +=", ab);
    add(m::product_sum_starts_at_one, product_over(A, B, 1, n), "from k = 1", ab);
    add(m::product_terms_added, product_over(A, B, 0, n, true), "+ for *", ab);
    add(m::product_sum_in_integer, product_over(A, B, 0, n, false, -1, true), "int total", ab);
    if (A.n_rows >= 2)
        add(m::product_row_zero_everywhere, product_over(A, B, 0, n, false, 0), "row 0",
            "every row of the result was computed from row 0 of " + names.a);
    // ... or column 0 of the second for every column, B(k, 0) where B(k, j) belongs
    if (A.n_rows >= 2 && B.n_cols >= 2 && !names.skip.count("column 0")) {
        arma::mat T(A.n_rows, B.n_cols, arma::fill::zeros);
        for (arma::uword i = 0; i < A.n_rows; ++i)
            for (arma::uword j = 0; j < B.n_cols; ++j)
                for (arma::uword k = 0; k < n; ++k) T(i, j) += A(i, k) * B(k, 0);
        add(m::product_row_zero_everywhere, T, "column 0",
            names.b_transposed ? "every column of the result was computed from row 0 of " + names.b.substr(0, names.b.find('^'))
                               : "every column of the result was computed from column 0 of " + names.b);
    }
    // the result made with A's shape (arma::mat C(arma::size(A))), its columns filled as far as
    // both widths go: zeros or missing columns where A.n_cols is not B.n_cols (a single row:
    // left to the exercise's own mistakes)
    if (A.n_rows >= 2 && A.n_cols != B.n_cols && !names.skip.count("sized like A")) {
        Result r = p.right;
        for (Part& q : r.parts)
            if (q.name == part) {
                q.value = arma::mat(A.n_rows, A.n_cols, arma::fill::zeros);
                const arma::uword w = std::min(A.n_cols, B.n_cols);
                q.value.cols(0, w - 1) = C.cols(0, w - 1);
            }
        p.variant(m::product_result_sized_like_first, r, ab).labelled("sized like A");
        // ... and its columns run to its own width, reading B past its last column where A
        // is the wider
        if (!names.skip.count("sized like A, a loop to its own columns"))
            p.variant(m::product_result_sized_like_first, A.n_cols > B.n_cols ? past_the_end : r, ab)
                .labelled("sized like A, a loop to its own columns");
    }
    // one index written twice (K.row(i) for K.row(j)): i where j belongs, B(k, i), each row
    // repeating its entry (i, i); or j where i belongs, A(j, k); past the end where the other
    // side is shorter
    if (A.n_rows >= 2 && B.n_cols >= 2)
        for (const bool i_twice : {true, false}) {
            const char* how = i_twice ? "i for j" : "j for i";
            if (names.skip.count(how)) continue;
            if (i_twice ? A.n_rows > B.n_cols : B.n_cols > A.n_rows) {
                p.variant(m::product_index_written_twice, past_the_end, ab).labelled(how);
                continue;
            }
            arma::mat T(A.n_rows, B.n_cols, arma::fill::zeros);
            for (arma::uword i = 0; i < A.n_rows; ++i)
                for (arma::uword j = 0; j < B.n_cols; ++j)
                    for (arma::uword k = 0; k < n; ++k) T(i, j) += i_twice ? A(i, k) * B(k, i) : A(j, k) * B(k, j);
            add(m::product_index_written_twice, T, how, ab);
        }
    // one factor read at the result's index instead of the sum's: A(i, j) for A(i, k)
    // (weights(c) for weights(j) in one row's loop), or B(i, j) for B(k, j); past the end
    // where the result is wider than A, or taller than B (with a single row, B(0, j) for
    // every k is a fixed index, and with a single column A(i, 0): left to that mistake)
    for (const bool a_side : {true, false}) {
        const char* how = a_side ? "A(i, j) for A(i, k)" : "B(i, j) for B(k, j)";
        if (names.skip.count(how) || (a_side ? B.n_cols : A.n_rows) < 2) continue;
        if (a_side ? B.n_cols > A.n_cols : A.n_rows > B.n_rows) {
            p.variant(m::product_factor_at_result_index, past_the_end, ab).labelled(how);
            continue;
        }
        arma::mat T(A.n_rows, B.n_cols, arma::fill::zeros);
        for (arma::uword i = 0; i < A.n_rows; ++i)
            for (arma::uword j = 0; j < B.n_cols; ++j)
                for (arma::uword k = 0; k < n; ++k) T(i, j) += a_side ? A(i, j) * B(k, j) : A(i, k) * B(i, j);
        add(m::product_factor_at_result_index, T, how, ab);
    }
    // a matrix read through memptr() as if stored row by row, entry (i, k) taken from
    // memptr()[i * n_cols + k]: its numbers in storage order dealt out row by row (the same
    // matrix where it has a single row or column)
    for (const bool a_side : {true, false}) {
        const char* how = a_side ? "A read row-major" : "B read row-major";
        const arma::mat& M = a_side ? A : B;
        if (names.skip.count(how) || M.n_rows < 2 || M.n_cols < 2) continue;
        const arma::mat read = a_side                ? read_row_major(A)
                               : names.b_transposed ? arma::mat(read_row_major(B.t()).t())
                                                    : read_row_major(B);
        add(m::product_read_row_major, a_side ? product_over(read, B, 0, n) : product_over(A, read, 0, n), how,
            product + ", reading " + (a_side ? names.a : names.b_transposed ? names.b.substr(0, names.b.find('^')) : names.b));
    }
    // ... or column by column with the wrong step between columns: entry (i, k) taken from
    // memptr()[i + k * n_cols], the column count where the row count belongs (right for a
    // square matrix; declared where every index read lies inside the matrix)
    for (const bool a_side : {true, false}) {
        const char* how = a_side ? "A read with a step of n_cols" : "B read with a step of n_cols";
        const arma::mat M = a_side ? A : names.b_transposed ? arma::mat(B.t()) : B;
        if (names.skip.count(how) || M.n_rows < 2 || M.n_cols < 2 || M.n_rows == M.n_cols ||
            (M.n_rows - 1) + (M.n_cols - 1) * M.n_cols >= M.n_elem)
            continue;
        arma::mat read(arma::size(M));
        for (arma::uword i = 0; i < M.n_rows; ++i)
            for (arma::uword k = 0; k < M.n_cols; ++k) read(i, k) = M.memptr()[i + k * M.n_cols];
        if (!a_side && names.b_transposed) read = arma::mat(read.t());
        add(m::product_read_wrong_leading_dimension, a_side ? product_over(read, B, 0, n) : product_over(A, read, 0, n),
            how, product + ", reading " + (a_side ? names.a : names.b_transposed ? names.b.substr(0, names.b.find('^')) : names.b) +
                     " with its column count as the step");
    }
    // B * A: another product where its shapes fit (and of another shape), Armadillo's size
    // error where they do not
    if (!names.skip.count("B * A")) {
        Result r = p.right;
        if (B.n_cols == A.n_rows) {
            for (Part& q : r.parts)
                if (q.name == part) q.value = product_over(B, A, 0, A.n_rows);
        } else {
            r = Result::throws(Threw::armadillo_size, "matrix multiplication");
        }
        p.variant(m::product_operands_swapped, r, product + ", written " + names.b + " * " + names.a)
            .labelled("B * A");
    }
}

bool jvp_fits(const arma::mat& A, Jvp way) { return way != Jvp::column_dots_by_row || A.n_rows == A.n_cols; }

std::vector<JvpSlip> jvp_slips(bool one_row) {
    std::vector<JvpSlip> all = {{Jvp::without_subtraction, &m::softmax_backward_without_subtraction, "A % dA"},
            {Jvp::missing_weights, &m::softmax_backward_missing_weights, "dA - dot"},
            {Jvp::diagonal_only, &m::softmax_backward_diagonal_only, "A % (1 - A) % dA"},
            {Jvp::sum_of_v, &m::softmax_backward_unweighted_dot, "A % (dA - sum(dA, 1))"},
            {Jvp::mean_of_v, &m::softmax_backward_unweighted_dot, "A % (dA - mean(dA, 1))"},
            {Jvp::brackets, &m::softmax_backward_brackets, "A % dA - dot"},
            {Jvp::dot_added, &m::softmax_backward_dot_added, "A % (dA + dot)"},
            {Jvp::columns, &m::softmax_backward_sums_columns, "sum(A % dA, 0)"},
            {Jvp::column_dots_by_row, &m::softmax_backward_sums_columns, "sum(A % dA) as a column, each_col"},
            {Jvp::whole_matrix, &m::softmax_backward_whole_matrix_dot, "accu(A % dA)"},
            {Jvp::not_reset, &m::softmax_backward_dot_not_reset, "a running dot"},
            {Jvp::roles_swapped, &m::softmax_backward_roles_swapped, "dA % (A - dot)"},
            {Jvp::on_weights, &m::jacobian_applied_to_the_weights, "J A"},
            {Jvp::dot_of_weights, &m::softmax_backward_dot_of_weights, "sum(A % A, 1)"},
            {Jvp::first_term_unweighted, &m::softmax_backward_first_term_unweighted, "dA - A % dot"},
            {Jvp::dot_as_mean, &m::softmax_backward_dot_as_mean, "mean(A % dA, 1)"},
            {Jvp::softmax_again, &m::softmax_backward_weights_softmaxed_again, "softmax_rows(A) for A"},
            {Jvp::own_weight_twice, &m::softmax_jacobian_own_weight_twice, "a_i (d_ij - a_i)"},
            {Jvp::without_delta, &m::softmax_jacobian_without_delta, "a_i (1 - a_j)"},
            {Jvp::gradient_in_front, &m::softmax_backward_gradient_in_front, "dA % (dA - dot)"},
            {Jvp::log_softmax, &m::softmax_backward_of_log_softmax, "dA - A % sum(dA)"},
            {Jvp::partial_dot_through, &m::softmax_backward_dot_unfinished, "the dot of keys 0..j"},
            {Jvp::partial_dot_before, &m::softmax_backward_dot_unfinished, "the dot of keys 0..j-1"},
            {Jvp::dot_one_short, &m::softmax_backward_dot_one_short, "k + 1 < L_K"},
            {Jvp::both_loops_short, &m::softmax_backward_dot_one_short, "k + 1 < L_K and j + 1 < L_K"},
            {Jvp::dot_from_one, &m::softmax_backward_dot_one_short, "k from 1"},
            {Jvp::masked_keep_gradient, &m::softmax_backward_masked_keep_gradient, "dA kept where A = 0"}};
    if (one_row)
        all.erase(std::remove_if(all.begin(), all.end(),
                                 [](const JvpSlip& s) {
                                     return s.way == Jvp::columns || s.way == Jvp::whole_matrix || s.way == Jvp::not_reset ||
                                            s.way == Jvp::masked_keep_gradient || s.way == Jvp::column_dots_by_row;
                                 }),
                  all.end());
    return all;
}


}  // namespace attn_test
