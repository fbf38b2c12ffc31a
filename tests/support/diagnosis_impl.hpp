// diagnosis_impl.hpp: the templates of diagnosis.hpp (included at its end).
#pragma once

#include <boost/test/unit_test.hpp>
#include <type_traits>

namespace attn_test {

namespace detail {
// The text of an error that escaped a call, as "<type>: <what>".
std::string escaped(const std::exception& e);
}  // namespace detail

template <class E>
std::string refusal_of(const std::string& function, const std::function<void()>& call,
                       const std::vector<std::string>& also, const std::string& input) {
    static_assert(std::is_same<E, attn::ShapeError>::value || std::is_same<E, attn::InputError>::value,
                  "refusal_of: E is attn::ShapeError or attn::InputError");
    const Result got = attempt([&] {
        call();
        return Result{};
    });
    return judge_refusal(got, std::is_same<E, attn::ShapeError>::value, function, also, input);
}

template <class T>
void judge_answer(const std::string& question, const T& got, const T& right, const std::vector<WrongAnswer<T>>& wrong,
                  const std::string& explain) {
    if (got == right) {
        BOOST_TEST(true);
        return;
    }
    for (const auto& w : wrong) {
        bool same = got == w.answer;
        if constexpr (std::is_floating_point_v<T>) same = same || (got != got && w.answer != w.answer);  // NaN for NaN
        if (same) {
            report(*w.mistake);
            return;
        }
    }
    BOOST_ERROR(question << ": not the right answer; " << explain);
}

}  // namespace attn_test
