// plot.hpp: figures as data first, pictures second.
//
// A Figure holds the numbers and labels of a plot; script() turns it into a
// self-contained gnuplot script (data inlined as datablocks), and Plotter
// renders that script to PNG through gnuplot-iostream. Tests look at the
// Figure and the script; no test depends on PNG bytes.
//
// Example:
//   plot::LineChart c{"Path length", "distance j - i", "steps"};
//   c.series.push_back({"loop", {1, 2, 3}, {1, 2, 3}});
//   plot::Plotter("plots").save("path_length", plot::Figure{c});
#pragma once

#include <armadillo>
#include <string>
#include <variant>
#include <vector>

namespace attn::plot {

struct Series {
    std::string title;
    std::vector<double> x, y;
    std::string style = "linespoints";  // any gnuplot "with" style: lines, points, ...
};

struct LineChart {
    std::string title, xlabel, ylabel;
    std::vector<Series> series;
    bool log_x = false, log_y = false;
    std::vector<std::string> extra;  // raw gnuplot commands, e.g. "set yrange [0:1]"
};

struct BarGroup {
    std::string title;            // legend entry
    std::vector<double> values;   // one per category
};

struct BarChart {
    std::string title, ylabel;
    std::vector<std::string> categories;  // x axis
    std::vector<BarGroup> groups;         // bars side by side within each category
    int value_decimals = 2;               // numbers printed above the bars; -1 for none
    std::vector<std::string> extra;
};

struct Heatmap {
    std::string title;  // the shape is appended: "A = softmax(...) (3x3)"
    arma::mat values;   // row 0 is drawn at the top, like a printed matrix
    std::vector<std::string> row_labels, col_labels;
    std::string xlabel = "key", ylabel = "query";
    double zmin = 0, zmax = 1;  // weights live in [0,1]; keep colours comparable
    int decimals = 2;           // numbers in the cells; -1 for none (large matrices)
};

using Panel = std::variant<LineChart, BarChart, Heatmap>;

struct Figure {
    std::vector<Panel> panels;  // drawn left to right, top to bottom
    int rows = 1, cols = 1;     // multiplot layout when there are several panels
    int width = 900, height = 560;
    std::string title;          // over the whole figure (multiplot only)

    Figure() = default;
    Figure(Panel p) : panels{std::move(p)} {}  // NOLINT: one panel is the common case
};

// The gnuplot commands that draw `figure`, without terminal or output lines.
std::string script(const Figure& figure);

// Quotes a string for gnuplot (double quotes, with \ and " escaped).
std::string quoted(const std::string& s);

class Plotter {
public:
    // Figures go to `dir`. With enabled == false every save() is a no-op that
    // returns "". A missing gnuplot or an unwritable dir is said once, on stderr,
    // and turns plotting off for the rest of the run.
    explicit Plotter(std::string dir, bool enabled = true);

    // Renders to dir/name.png (through a temporary file, then renamed) and
    // returns that path, or "" when plotting is off or failed (said on stderr).
    std::string save(const std::string& name, const Figure& figure);

    bool enabled() const { return enabled_; }
    const std::string& dir() const { return dir_; }

    // True when a `gnuplot` executable is on PATH.
    static bool gnuplot_available();

private:
    std::string dir_;
    bool enabled_;
    void disable(const std::string& why);
};

}  // namespace attn::plot
