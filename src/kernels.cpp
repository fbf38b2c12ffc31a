#include "attn/kernels.hpp"

#include <cmath>

#include "attn/chapter.hpp"
#include "attn/errors.hpp"

namespace attn::kernels {

arma::mat attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    require_shapes(Q.n_cols == K.n_cols, "attention", "Q and K must have the same width (d_q = d_k)", {"Q", Q}, {"K", K});
    require_shapes(K.n_rows == V.n_rows, "attention", "K and V must have the same length (L_K = L_V)", {"K", K}, {"V", V});
    require_nonempty("attention", "K", K);  // a query needs at least one key to attend to
    const double scale = 1.0 / std::sqrt(static_cast<double>(K.n_cols));

    // pass 1: scores, transposed so that each query's scores form one contiguous
    // column (Armadillo is column-major): S^T = K Q^T / sqrt(d_k)
    // The score matrix is reused between calls: at L = 2048 it is 32 MiB, and a
    // fresh block of that size costs thousands of page faults on every call.
    // (The worker threads below must see this reference, not the thread_local
    // itself: each thread has its own thread_local.)
    thread_local arma::mat workspace;
    arma::mat& St = workspace;
    St = K * Q.t();  // (L_K, L_Q)
    St *= scale;

    // pass 2: stable softmax down each column (= along each query's row).
    // Queries are independent, so they are shared among the threads.
    parallel_for(St.n_cols, 20.0 * St.n_rows, [&St](std::size_t first, std::size_t last) {
        for (arma::uword q = first; q < last; ++q) {
            double* s = St.colptr(q);
            double m = s[0];
            for (arma::uword k = 1; k < St.n_rows; ++k) m = std::max(m, s[k]);
            double total = 0;
            for (arma::uword k = 0; k < St.n_rows; ++k) {
                s[k] = std::exp(s[k] - m);  // <= 1: cannot overflow
                total += s[k];
            }
            const double inv = 1.0 / total;
            for (arma::uword k = 0; k < St.n_rows; ++k) s[k] *= inv;
        }
    });

    // pass 3: Z = A V; Armadillo hands the transpose to BLAS without copying
    return St.t() * V;  // (L_Q, d_v)
}

}  // namespace attn::kernels
