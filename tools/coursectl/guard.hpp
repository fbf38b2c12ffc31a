// guard.hpp: the kernel's own locks on a check, beyond the sandbox's folders.
//
//  - a seccomp filter (libseccomp, Debian's libseccomp-dev): a check never needs
//    sockets (so no network and no host services: D-Bus, ssh-agent, a tmux server,
//    docker.sock), ptrace, mounts, namespaces, keyrings, io_uring, memfds, System V
//    shared memory or TIOCSTI, and may not signal the checker;
//  - Landlock (Linux 5.13 and later, no privileges needed): every file read-only but
//    the check's scratch folder, no TCP, and (Linux 6.12) no signal and no abstract
//    socket outside the check;
//  - a memory cgroup: one memory limit for everything the check starts together
//    (children, /dev/shm, tmpfs files), where this machine lets us make one.
// The fallback (no bubblewrap) applies the first two in the child before exec;
// under bubblewrap the filter goes to bwrap --seccomp, and namespaces do the rest.
#pragma once

#include <cstddef>
#include <string>
#include <sys/types.h>
#include <vector>

namespace course {

// The Landlock ABI this kernel offers; 0 when it has none (or it is disabled).
int landlock_abi();

// In a child about to exec: everything read-only but `writable` (and /dev/null),
// no TCP; at ABI 6 also no signals or abstract sockets outside the check. False
// when Landlock could not be applied (the caller then relies on the fingerprint).
bool apply_landlock(const std::vector<std::string>& writable);

// In a child about to exec, after its last setuid: the filter above.
// `checker` is the pid of coursectl, which the check may not signal.
bool apply_seccomp(pid_t checker);

// The filter for bubblewrap (bwrap --seccomp FD): a descriptor open on the BPF
// program, -1 when it cannot be made. No pid rules: the pid namespace sees to that.
int seccomp_program_fd();

// One memory limit for the whole check (cgroup v1 or a delegated v2 folder).
class MemoryCgroup {
public:
    // Tries to make a cgroup of `limit` bytes; ok() says whether it worked.
    explicit MemoryCgroup(std::size_t limit);
    ~MemoryCgroup();
    MemoryCgroup(const MemoryCgroup&) = delete;
    MemoryCgroup& operator=(const MemoryCgroup&) = delete;
    bool ok() const { return !dir_.empty(); }
    // For the child, before exec: "PID\n" goes to this file.
    const std::string& procs_file() const { return procs_; }
    // After the run: did the kernel end a process for going over the limit?
    bool oom_killed() const;
    // Ends what is still in it (a process that escaped the process group).
    void kill_all() const;

private:
    std::string dir_, procs_, events_;
    bool v2_ = false;
};

// Whether a memory cgroup can be made here, once per command, and how:
// "cgroup" (made directly), "systemd-run" (a transient scope per check) or "".
std::string memory_cgroup_kind();

// Joins the cgroup: writes this process's pid into `procs_file` (child side).
bool join_cgroup(const std::string& procs_file);

}  // namespace course
