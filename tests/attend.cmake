# attend's tests (included by tests/CMakeLists.txt): the tool end to end, each run
# judged by coursectl expect-run (exit code, the texts it must print in order, the
# files it must write). Fixtures live in tests/data/attend/.
set(_data "${CMAKE_SOURCE_DIR}/tests/data/attend")
set(_out "${CMAKE_BINARY_DIR}/attend-test")
set(_special "${CMAKE_BINARY_DIR}/special-files")

# attend_test(NAME EXIT [SPECIAL] [MAX_OUTPUT n] ARGS ... EXPECT ... FILES ...): SPECIAL,
# the test uses the devices, pipes and large files special_files.cmake makes.
function(attend_test name exit_code)
  cmake_parse_arguments(PARSE_ARGV 2 T "SPECIAL" "MAX_OUTPUT" "ARGS;EXPECT;FILES")
  set(_extra "")
  if(DEFINED T_MAX_OUTPUT)
    set(_extra MAX_OUTPUT ${T_MAX_OUTPUT})
  endif()
  set(_labels attend)
  set(_props "")
  if(T_SPECIAL)
    # a reader that does not refuse a device or a pipe never returns: the time limit says so
    set(_labels attend bad_input)
    set(_props FIXTURES_REQUIRED attend_special_files TIMEOUT 60)
  endif()
  attn_run_test(attend.${name} EXIT ${exit_code} RUN $<TARGET_FILE:attend> ${T_ARGS} EXPECT ${T_EXPECT} FILES ${T_FILES}
                ${_extra} LABELS ${_labels} PROPERTIES ${_props})
endfunction()

# Devices, pipes, links to them and a 1 GiB file, made at test time (they cannot be
# committed); chapter 12's checkpoint tests use them too.
add_test(NAME attend.make_special_files
         COMMAND ${CMAKE_COMMAND} "-DDIR=${_special}" -P "${CMAKE_CURRENT_SOURCE_DIR}/special_files.cmake")
set_tests_properties(attend.make_special_files PROPERTIES FIXTURES_SETUP attend_special_files LABELS "attend;bad_input")

# The tutorial's A and Z on the worked example.
attend_test(example_prints_the_tutorials_weights_and_output 0
  ARGS --example --out ${_out}/example --no-plot
  EXPECT "weights A = softmax of each row of the scores (3x3)"
         "I     0.58 0.21 0.21" "love  0.14 0.63 0.23" "LLMs  0.23 0.14 0.63"
         "output Z = A V (3x4)"
         "I     1.21 0.58 0.21 0.21" "love  1.63 0.14 0.23 0.63" "LLMs  1.14 0.23 0.63 0.14"
  FILES ${_out}/example/weights.csv ${_out}/example/output.csv)
# The same numbers read from CSV files.
attend_test(files_give_the_same_output_as_the_example 0
  ARGS ${_data}/Q.csv ${_data}/K.csv ${_data}/V.csv --out ${_out}/files --no-plot
  EXPECT "0.58 0.21 0.21" "0.14 0.63 0.23" "0.23 0.14 0.63" "1.21 0.58 0.21 0.21" "1.63 0.14 0.23 0.63"
  FILES ${_out}/files/weights.csv ${_out}/files/output.csv)
attend_test(causal_mask_zeroes_the_future 0
  ARGS ${_data}/Q.csv ${_data}/K.csv ${_data}/V.csv --mask causal --out ${_out}/causal --no-plot
  EXPECT "mask (3x3)" "0 -inf -inf" "weights A" "1.00 0.00 0.00" "0.18 0.82 0.00" "0.23 0.14 0.63")
attend_test(mask_file_is_added_to_the_scores 0
  ARGS ${_data}/Q.csv ${_data}/K.csv ${_data}/V.csv --mask ${_data}/mask.csv --out ${_out}/maskfile --no-plot
  EXPECT "mask (3x3)" "weights A" "0.00 0.50 0.50")
attend_test(two_queries_over_three_keys_give_a_2x3_weight_matrix 0
  ARGS ${_data}/Q_two.csv ${_data}/K.csv ${_data}/V.csv --out ${_out}/cross --no-plot
  EXPECT "weights A = softmax of each row of the scores (2x3)" "output Z = A V (2x4)")
# The heatmap needs gnuplot; without it the tool says so and still succeeds.
find_program(ATTN_GNUPLOT gnuplot)
if(ATTN_GNUPLOT)
  attend_test(writes_a_heatmap 0
    ARGS --example --out ${_out}/plot
    EXPECT "wrote ${_out}/plot/weights.csv" "wrote ${_out}/plot/weights.png"
    FILES ${_out}/plot/weights.png)
else()
  attend_test(runs_without_gnuplot 0
    ARGS --example --out ${_out}/plot
    EXPECT "wrote ${_out}/plot/weights.csv")
endif()

# Extremes that are not errors.
attend_test(scores_of_1e300_give_finite_weights 0
  ARGS ${_data}/Q_1e150.csv ${_data}/K_1e150.csv ${_data}/V_two.csv --out ${_out}/huge --no-plot
  EXPECT "scores Q K^T / sqrt(d_k) (1x2)" "1.00e+300 -1.00e+300" "weights A" "1.00 0.00" "output Z = A V (1x2)" "1.00 2.00")
attend_test(one_token_gets_weight_one 0
  ARGS ${_data}/one_token.csv ${_data}/one_token.csv ${_data}/V_one.csv --out ${_out}/one --no-plot
  EXPECT "weights A = softmax of each row of the scores (1x1)" "1.00" "output Z = A V (1x3)" "5.00 6.00 7.00")
attend_test(fully_masked_query_gets_a_zero_row 0
  ARGS ${_data}/Q.csv ${_data}/K.csv ${_data}/V.csv --mask ${_data}/mask_row_masked.csv --out ${_out}/masked --no-plot
  EXPECT "weights A" "0.00 0.00 0.00" "output Z = A V (3x4)" "0.00 0.00 0.00 0.00")
# Without gnuplot on the PATH: one line saying so, the CSV files still written, exit 0.
attn_run_test(attend.runs_without_gnuplot_on_the_path EXIT 0 NO_GNUPLOT
              RUN $<TARGET_FILE:attend> --example --out ${_out}/nognuplot
              EXPECT "wrote ${_out}/nognuplot/weights.csv" "gnuplot is not installed" ONCE "gnuplot is not installed"
              FILES ${_out}/nognuplot/output.csv LABELS attend bad_input)

# Errors: one clear line and a non-zero exit.
attend_test(names_the_width_rule 2
  ARGS ${_data}/Q.csv ${_data}/K_narrow.csv ${_data}/V.csv --out ${_out}/err
  EXPECT "attend: Q and K must have the same width (d_q = d_k); got Q 3x4 and K 3x3")
attend_test(names_the_length_rule 2
  ARGS ${_data}/Q.csv ${_data}/K.csv ${_data}/V_short.csv --out ${_out}/err
  EXPECT "K and V must have the same length (L_K = L_V); got K 3x4 and V 2x4")
attend_test(names_the_mask_shape 2
  ARGS ${_data}/Q_two.csv ${_data}/K.csv ${_data}/V.csv --mask ${_data}/mask.csv --out ${_out}/err
  EXPECT "got mask 3x3 and scores 2x3")
attend_test(refuses_a_causal_mask_for_unequal_lengths 2
  ARGS ${_data}/Q_two.csv ${_data}/K.csv ${_data}/V.csv --mask causal --out ${_out}/err
  EXPECT "L_Q = L_K")
attend_test(names_file_line_and_column_of_a_ragged_row 2
  ARGS ${_data}/ragged.csv ${_data}/K.csv ${_data}/V.csv --out ${_out}/err
  EXPECT "ragged.csv: line 3, column 4: this row has 3 values, but the first row (line 1) has 4")
attend_test(names_file_line_and_column_of_a_word 2
  ARGS ${_data}/Q.csv ${_data}/words.csv ${_data}/V.csv --out ${_out}/err
  EXPECT "K: " "words.csv: line 2, column 3: 'abc' is not a number")
attend_test(names_the_matrix_and_cell_of_a_nan 2
  ARGS ${_data}/Q.csv ${_data}/K.csv ${_data}/nan.csv --out ${_out}/err
  EXPECT "V: " "nan.csv: line 2, column 2: NaN is not allowed")
attend_test(names_the_matrix_and_cell_of_an_infinity 2
  ARGS ${_data}/inf.csv ${_data}/K.csv ${_data}/V.csv --out ${_out}/err
  EXPECT "Q: " "inf.csv: line 1, column 3: +infinity is not allowed")
attend_test(refuses_an_empty_file 2
  ARGS ${_data}/Q.csv ${_data}/K.csv ${_data}/empty.csv --out ${_out}/err
  EXPECT "empty.csv: no numbers in the file")
attend_test(refuses_a_missing_file 2
  ARGS ${_data}/Q.csv ${_data}/no_such_file.csv ${_data}/V.csv --out ${_out}/err
  EXPECT "no_such_file.csv: cannot open")
attend_test(names_the_cell_of_a_minus_infinity_outside_a_mask 2
  ARGS ${_data}/Q.csv ${_data}/minus_inf.csv ${_data}/V.csv --out ${_out}/err
  EXPECT "K: " "minus_inf.csv: line 2, column 1: -infinity is not allowed")
attend_test(refuses_a_file_of_comments_only 2
  ARGS ${_data}/Q.csv ${_data}/K.csv ${_data}/comments_only.csv --out ${_out}/err
  EXPECT "V: " "comments_only.csv: no numbers in the file")
attend_test(refuses_scores_that_overflow_naming_the_cell 2
  ARGS ${_data}/Q_1e200.csv ${_data}/K_1e200.csv ${_data}/V_two.csv --out ${_out}/err
  EXPECT "the scores Q K^T / sqrt(d_k) overflow at row 0, column 1 (0-based)" "scale Q and K down")
attend_test(says_when_the_output_directory_cannot_be_made 1
  ARGS ${_data}/Q.csv ${_data}/K.csv ${_data}/V.csv --out ${CMAKE_SOURCE_DIR}/README.md/out --no-plot
  EXPECT "attend: error: cannot create ${CMAKE_SOURCE_DIR}/README.md/out")
attend_test(explains_usage_on_a_wrong_call 2
  ARGS ${_data}/Q.csv --out ${_out}/err
  EXPECT "expected three CSV files" "usage: attend")

# What is not a small regular CSV file is refused by name,
# at once (the 1 GiB file and the device without being read), and odd cells say
# what they are.
attend_test(refuses_a_file_larger_than_its_limit_without_reading_it 2 SPECIAL
  ARGS ${_special}/zeros_1g.csv ${_data}/K.csv ${_data}/V.csv --out ${_out}/err
  EXPECT "attend: bad input: Q: ${_special}/zeros_1g.csv: is larger than 64 MiB; attend is for small matrices")
attend_test(refuses_a_device_by_name 2 SPECIAL
  ARGS ${_data}/Q.csv /dev/zero ${_data}/V.csv --out ${_out}/err
  EXPECT "attend: bad input: K: /dev/zero: is a character device, not a regular file")
attend_test(refuses_a_link_to_a_device_by_name 2 SPECIAL
  ARGS ${_data}/Q.csv ${_data}/K.csv ${_special}/zero_link.csv --out ${_out}/err
  EXPECT "V: ${_special}/zero_link.csv: is a link to /dev/zero, a character device, not a regular file")
attend_test(refuses_a_named_pipe_without_waiting 2 SPECIAL
  ARGS ${_data}/Q.csv ${_data}/K.csv ${_data}/V.csv --mask ${_special}/fifo.csv --out ${_out}/err
  EXPECT "mask: ${_special}/fifo.csv: is a named pipe (FIFO), not a regular file")
attend_test(refuses_a_directory_by_name 2
  ARGS ${_data}/Q.csv ${_data} ${_data}/V.csv --out ${_out}/err
  EXPECT "K: ${_data}: is a directory, not a CSV file")
attend_test(skips_a_byte_order_mark 0
  ARGS ${_data}/Q_bom.csv ${_data}/K.csv ${_data}/V.csv --out ${_out}/bom --no-plot
  EXPECT "0.58 0.21 0.21" "0.14 0.63 0.23" "0.23 0.14 0.63")
attend_test(calls_1e999_out_of_range 2
  ARGS ${_data}/out_of_range.csv ${_data}/K.csv ${_data}/V.csv --out ${_out}/err
  EXPECT "Q: ${_data}/out_of_range.csv: line 2, column 1: '1e999' is out of range for a double")
attend_test(says_a_mask_may_hold_minus_infinity_but_not_nan 2
  ARGS ${_data}/Q.csv ${_data}/K.csv ${_data}/V.csv --mask ${_data}/mask_nan.csv --out ${_out}/err
  EXPECT "mask: ${_data}/mask_nan.csv: line 2, column 2: NaN is not allowed in a mask; every entry must be a finite number or -inf")
attend_test(refuses_an_unknown_short_option 2
  ARGS -x ${_data}/Q.csv ${_data}/K.csv ${_data}/V.csv --out ${_out}/err
  EXPECT "attend: unknown option '-x'" "usage: attend")
attend_test(refuses_an_unknown_long_option 2
  ARGS ${_data}/Q.csv ${_data}/K.csv ${_data}/V.csv --bogus --out ${_out}/err
  EXPECT "attend: unknown option '--bogus'" "usage: attend")
attend_test(refuses_an_empty_out 2
  ARGS ${_data}/Q.csv ${_data}/K.csv ${_data}/V.csv --out @EMPTY@
  EXPECT "attend: --out needs a folder; it was given an empty value")
attend_test(refuses_an_empty_mask 2
  ARGS ${_data}/Q.csv ${_data}/K.csv ${_data}/V.csv --mask @EMPTY@ --out ${_out}/err
  EXPECT "attend: --mask needs 'causal' or a CSV file; it was given an empty value")
# 2000 queries over 2000 keys: 4 million weights. The terminal gets their shape
# and a corner (about 1.5 KB, not 68 MB); the files get every number.
attend_test(summarises_a_large_matrix_and_writes_it_whole 0 SPECIAL MAX_OUTPUT 4000
  ARGS ${_special}/L2000.csv ${_special}/L2000.csv ${_special}/L2000.csv --out ${_out}/large --no-plot
  EXPECT "Q 2000x4, K 2000x4, V 2000x4"
         "weights A = softmax of each row of the scores (2000x2000), too large to show: its first 6 rows and 6 columns"
         "0.00 0.00 0.00 0.00 0.00 0.00"
         "output Z = A V (2000x4), too large to show: its first 6 rows and 4 columns" "1.00 0.50 0.00 2.00"
         "wrote ${_out}/large/weights.csv"
  FILES ${_out}/large/weights.csv ${_out}/large/output.csv)
# Its heatmap draws the top-left 256x256 corner (all 4 million cells took gnuplot 2.5 min).
if(ATTN_GNUPLOT)
  attend_test(draws_the_corner_of_a_large_weight_matrix 0 SPECIAL
    ARGS ${_special}/L2000.csv ${_special}/L2000.csv ${_special}/L2000.csv --out ${_out}/large_plot
    EXPECT "wrote ${_out}/large_plot/weights.png (the top-left corner of the weights)"
    FILES ${_out}/large_plot/weights.png)
endif()
# 4097 x 4097 query-key pairs: one row past what attend takes, refused before any product.
attend_test(refuses_more_than_4096x4096_query_key_pairs 2 SPECIAL
  ARGS ${_special}/L4097.csv ${_special}/L4097.csv ${_special}/L4097.csv --out ${_out}/err
  EXPECT "attend: bad input: the scores would be 4097x4097; attend is for small matrices (at most 16777216 query-key pairs, such as 4096x4096)")
