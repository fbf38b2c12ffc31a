# Makes, in DIR, the files a careless or hostile command line may point at,
# which cannot be committed: a link to /dev/zero, a named pipe (FIFO), a
# sparse 1 GiB file of zero bytes (it takes no disk space), a CSV file of
# 2000 rows (Q, K, V of a 2000x2000 weight matrix) and one of 4097 rows.
#   cmake -DDIR=... -P special_files.cmake
file(REMOVE_RECURSE "${DIR}")
file(MAKE_DIRECTORY "${DIR}")
file(CREATE_LINK /dev/zero "${DIR}/zero_link.csv" SYMBOLIC)
file(CREATE_LINK /dev/zero "${DIR}/zero_link.ckpt" SYMBOLIC)
execute_process(COMMAND mkfifo "${DIR}/fifo.csv" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "mkfifo ${DIR}/fifo.csv failed: ${rc}")
endif()
execute_process(COMMAND truncate -s 1G "${DIR}/zeros_1g.csv" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "truncate -s 1G ${DIR}/zeros_1g.csv failed: ${rc}")
endif()
file(CREATE_LINK "${DIR}/zeros_1g.csv" "${DIR}/zeros_1g.ckpt" SYMBOLIC)
# 2000 tokens of width 4: every row the same, so every weight is 1/2000.
string(REPEAT "1,0.5,0,2\n" 2000 rows)
file(WRITE "${DIR}/L2000.csv" "${rows}")
# 4097 tokens of width 1: 4097 x 4097 scores, one row more than attend takes.
string(REPEAT "1\n" 4097 rows)
file(WRITE "${DIR}/L4097.csv" "${rows}")
