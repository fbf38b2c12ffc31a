// mistakes.hpp: every mistake the checker can name, in one list.
//
// A test that recognises one calls attn_test::report(mistakes::<id>), which fails
// the test with "mistake [<id>]: <explanation>"; ./course check shows the
// explanation to the learner. For every id here, tests/mistakes/<exercise>/<id>.cpp
// holds a deliberately wrong implementation, and the suite proves that checking it
// names exactly this mistake (ctest -L mistakes). A new entry without such a file
// fails the suite (mistakes.every_diagnosis_has_a_wrong_implementation).
#pragma once

#include <armadillo>
#include <boost/test/unit_test.hpp>

#include "catalogue/all.hpp"

namespace attn_test {

// Fails the current test with the mistake's id and explanation.
inline void report(const Mistake& m) { BOOST_ERROR("mistake [" << m.id << "]: " << m.explanation); }

// True when a and b have the same shape and agree within tol everywhere
// (NaN never agrees): "the learner's output is what this wrong version gives".
inline bool same(const arma::mat& a, const arma::mat& b, double tol = 1e-9) {
    return a.n_rows == b.n_rows && a.n_cols == b.n_cols && a.is_finite() && b.is_finite() &&
           (a.n_elem == 0 || arma::abs(a - b).max() <= tol);
}

}  // namespace attn_test
