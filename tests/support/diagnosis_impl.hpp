// diagnosis_impl.hpp: the templates of diagnosis.hpp (included at its end).
#pragma once

#include <boost/test/unit_test.hpp>
#include <type_traits>

namespace attn_test {

namespace detail {
// The text of an error that escaped a call, as "<type>: <what>".
std::string escaped(const std::exception& e);
}  // namespace detail

// What the course throws for input that breaks a contract of kind E, as the end of a sentence.
template <class E>
std::string expected_kind() {
    return std::is_same<E, attn::ShapeError>::value
               ? "shapes that break a rule are refused with attn::ShapeError, through require_shapes"
               : "a bad value (NaN, infinity, a size of 0, a step out of range) is refused with attn::InputError";
}

template <class E>
std::string refusal_of(const std::string& function, const std::function<void()>& call) {
    namespace m = mistakes;
    static_assert(std::is_same<E, attn::ShapeError>::value || std::is_same<E, attn::InputError>::value,
                  "refusal_of: E is attn::ShapeError or attn::InputError");
    constexpr bool wants_shape = std::is_same<E, attn::ShapeError>::value;
    const Result got = attempt([&] {
        call();
        return Result{};
    });
    const std::string prefix = function + ":";
    switch (got.threw) {
        case Threw::nothing:
            report(wants_shape ? m::shape_rule_not_checked : m::bad_input_accepted);
            return "";
        case Threw::armadillo_size:
        case Threw::armadillo_index:
            report(m::shape_check_left_to_armadillo, got.message);
            return "";
        case Threw::shape_error:
        case Threw::input_error: {
            const bool right_kind = (got.threw == Threw::shape_error) == wants_shape;
            if (!right_kind) {
                report(m::refused_with_the_other_error, got.type + " (" + got.message + "); " + expected_kind<E>());
                return "";
            }
            if (got.message.rfind(prefix, 0) != 0) {
                const std::string other = got.message.substr(0, got.message.find(':'));
                report(m::refused_under_another_name, "'" + other + "', not " + function);
            }
            return got.message;
        }
        case Threw::other:
            report(m::refused_with_the_other_error, got.type + " (" + got.message + "); " + expected_kind<E>());
            return "";
    }
    return "";
}

template <class T>
void judge_answer(const std::string& question, const T& got, const T& right, const std::vector<WrongAnswer<T>>& wrong,
                  const std::string& explain) {
    if (got == right) {
        BOOST_TEST(true);
        return;
    }
    for (const auto& w : wrong)
        if (got == w.answer) {
            report(*w.mistake);
            return;
        }
    BOOST_ERROR(question << ": not the right answer; " << explain);
}

}  // namespace attn_test
