// watch.hpp: what `./course watch` needs from the system: to be told when a file
// is saved (inotify), and the learner's key presses one at a time (a terminal in
// non-canonical mode, restored on the way out; plain lines when stdin is no terminal).
#pragma once

#include <string>

namespace course {

class FileWatch {
public:
    FileWatch();
    ~FileWatch();
    FileWatch(const FileWatch&) = delete;
    FileWatch& operator=(const FileWatch&) = delete;

    // Watch this one file from now on (its folder, since editors save by
    // writing a new file and renaming it over the old one).
    void follow(const std::string& path);

    // Waits up to `milliseconds` for the file to be saved or a key to be pressed.
    // Returns 's' when the file was saved (after it has been quiet for a moment),
    // the key pressed ('h', 'q', ...), or 0 when nothing happened.
    char wait(int milliseconds);

private:
    int inotify_ = -1, watch_ = -1;
    std::string name_;  // the file's name within its folder
    bool raw_ = false;  // stdin is a terminal switched to single keys
    bool stdin_open_ = true;
    char saved_termios_[128] = {};  // struct termios, kept opaque here
};

}  // namespace course
