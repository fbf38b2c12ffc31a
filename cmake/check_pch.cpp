// The one source of attn_check_pch (CMakeLists.txt): a target needs one to make
// its precompiled header, which the test modules and wrong implementations reuse.
