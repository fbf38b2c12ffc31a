#include "core/plot.hpp"
#include "core/shape.hpp"

#include <gnuplot-iostream.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace attn::plot {

std::string quoted(const std::string& s) {
    std::string q = "\"";
    for (char ch : s) {
        if (ch == '"' || ch == '\\') q += '\\';
        q += ch;
    }
    return q + "\"";
}

namespace {

// Full precision: the plot is drawn from the computed numbers, not rounded ones.
std::string num(double x) {
    if (std::isnan(x)) return "NaN";
    std::ostringstream s;
    s.precision(17);
    s << x;
    return s.str();
}

std::string tics(const std::vector<std::string>& labels) {
    std::string t = "(";
    for (std::size_t i = 0; i < labels.size(); ++i) {
        if (i) t += ", ";
        t += quoted(labels[i]) + " " + std::to_string(i);
    }
    return t + ")";
}

void common(std::ostringstream& s, const std::string& title, const std::vector<std::string>& extra) {
    s << "reset\nset termoption noenhanced\n";
    if (!title.empty()) s << "set title " << quoted(title) << "\n";
    for (const auto& e : extra) s << e << "\n";
}

void line_chart(std::ostringstream& s, const LineChart& c, const std::string& id) {
    common(s, c.title, {});
    s << "set xlabel " << quoted(c.xlabel) << "\nset ylabel " << quoted(c.ylabel) << "\n";
    s << "set grid\nset key top left\n";
    if (c.log_x) s << "set logscale x 2\n";
    if (c.log_y) s << "set logscale y 10\n";
    for (const auto& e : c.extra) s << e << "\n";
    for (std::size_t k = 0; k < c.series.size(); ++k) {
        s << "$" << id << "s" << k << " << EOD\n";
        const auto& ser = c.series[k];
        for (std::size_t i = 0; i < ser.x.size() && i < ser.y.size(); ++i)
            s << num(ser.x[i]) << ' ' << num(ser.y[i]) << "\n";
        s << "EOD\n";
    }
    s << "plot ";
    for (std::size_t k = 0; k < c.series.size(); ++k) {
        if (k) s << ", \\\n     ";
        s << "$" << id << "s" << k << " using 1:2 with " << c.series[k].style << " lw 2 title "
          << quoted(c.series[k].title);
    }
    s << "\n";
}

void bar_chart(std::ostringstream& s, const BarChart& c, const std::string& id) {
    common(s, c.title, {});
    const double G = static_cast<double>(c.groups.size());
    const double width = 0.8 / (G > 0 ? G : 1);  // bars of one category share 0.8 of a unit
    s << "set ylabel " << quoted(c.ylabel) << "\nset style fill solid 0.8 border -1\n";
    s << "set boxwidth " << num(width) << "\nset xtics " << tics(c.categories) << "\n";
    s << "set xrange [-0.6:" << num(static_cast<double>(c.categories.size()) - 0.4) << "]\n";
    s << "set yrange [0:*]\nset grid ytics\nset key top left\n";
    for (const auto& e : c.extra) s << e << "\n";
    for (std::size_t g = 0; g < c.groups.size(); ++g) {
        s << "$" << id << "g" << g << " << EOD\n";
        for (std::size_t i = 0; i < c.groups[g].values.size(); ++i) {
            // center the G bars of category i around x = i
            const double x = static_cast<double>(i) + (static_cast<double>(g) - (G - 1) / 2) * width;
            s << num(x) << ' ' << num(c.groups[g].values[i]) << "\n";
        }
        s << "EOD\n";
    }
    s << "plot ";
    for (std::size_t g = 0; g < c.groups.size(); ++g) {
        if (g) s << ", \\\n     ";
        s << "$" << id << "g" << g << " using 1:2 with boxes title " << quoted(c.groups[g].title);
        if (c.value_decimals >= 0)
            s << ", \\\n     $" << id << "g" << g << " using 1:2:(sprintf(\"%." << c.value_decimals
              << "f\", $2)) with labels offset 0,0.7 notitle";
    }
    s << "\n";
}

void heatmap(std::ostringstream& s, const Heatmap& h, const std::string& id) {
    common(s, h.title + " (" + shape_of(h.values) + ")", {});
    s << "set xlabel " << quoted(h.xlabel) << "\nset ylabel " << quoted(h.ylabel) << "\n";
    s << "set cbrange [" << num(h.zmin) << ":" << num(h.zmax) << "]\n";
    s << "set palette defined (0 \"#ffffff\", 1 \"#9ecae1\", 2 \"#3182bd\")\n";
    s << "set xrange [-0.5:" << num(h.values.n_cols - 0.5) << "]\n";
    // reversed y: row 0 on top, as the matrix is printed
    s << "set yrange [" << num(h.values.n_rows - 0.5) << ":-0.5]\n";
    s << "set size ratio -1\nunset key\nset tics out nomirror\n";
    if (!h.col_labels.empty()) s << "set xtics " << tics(h.col_labels) << "\n";
    if (!h.row_labels.empty()) s << "set ytics " << tics(h.row_labels) << "\n";
    // rows of the datablock: x y value
    s << "$" << id << "m << EOD\n";
    for (arma::uword r = 0; r < h.values.n_rows; ++r)
        for (arma::uword c = 0; c < h.values.n_cols; ++c)
            s << c << ' ' << r << ' ' << num(h.values(r, c)) << "\n";
    s << "EOD\n";
    s << "plot $" << id << "m using 1:2:3 with image";
    if (h.decimals >= 0)
        s << ", \\\n     $" << id << "m using 1:2:(sprintf(\"%." << h.decimals
          << "f\", $3)) with labels font \",11\"";
    s << "\n";
}

}  // namespace

std::string script(const Figure& figure) {
    std::ostringstream s;
    const bool multi = figure.panels.size() > 1;
    if (multi) {
        s << "set multiplot layout " << figure.rows << "," << figure.cols;
        if (!figure.title.empty()) s << " title " << quoted(figure.title);
        s << "\n";
    }
    for (std::size_t p = 0; p < figure.panels.size(); ++p) {
        const std::string id = "p" + std::to_string(p);
        std::visit(
            [&](const auto& panel) {
                using T = std::decay_t<decltype(panel)>;
                if constexpr (std::is_same_v<T, LineChart>) line_chart(s, panel, id);
                if constexpr (std::is_same_v<T, BarChart>) bar_chart(s, panel, id);
                if constexpr (std::is_same_v<T, Heatmap>) heatmap(s, panel, id);
            },
            figure.panels[p]);
    }
    if (multi) s << "unset multiplot\n";
    return s.str();
}

bool Plotter::gnuplot_available() {
    const char* path = std::getenv("PATH");
    if (!path) return false;
    std::stringstream dirs(path);
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        if (dir.empty()) continue;
        if (::access((dir + "/gnuplot").c_str(), X_OK) == 0) return true;
    }
    return false;
}

Plotter::Plotter(std::string dir, bool enabled) : dir_(std::move(dir)), enabled_(enabled) {
    if (!enabled_) return;
    if (!gnuplot_available()) {
        disable("gnuplot is not installed, so no figures are drawn (install it with: apt-get install gnuplot-nox); "
                "everything else runs as usual");
        return;
    }
    std::error_code ec;
    fs::create_directories(dir_, ec);
    if (ec || ::access(dir_.c_str(), W_OK) != 0)
        disable("cannot write figures into " + dir_ + " (" + (ec ? ec.message() : std::string("not writable")) +
                "); no figures are drawn, everything else runs as usual");
}

void Plotter::disable(const std::string& why) {
    enabled_ = false;
    std::cerr << "plots: " << why << "\n";
}

std::string Plotter::save(const std::string& name, const Figure& figure) {
    if (!enabled_) return "";
    const std::string final_path = dir_ + "/" + name + ".png";
    const std::string tmp_path = dir_ + "/." + name + ".tmp.png";
    const std::string log_path = dir_ + "/." + name + ".gnuplot.log";
    {
        // gnuplot-iostream pipes to gnuplot; its messages go to a log we can quote.
        Gnuplot gp("gnuplot 2>" + quoted(log_path));
        gp << "set terminal pngcairo size " << figure.width << "," << figure.height << " font \"sans,10\"\n";
        gp << "set output " << quoted(tmp_path) << "\n";
        gp << script(figure);
        gp << "unset output\n";
    }  // the destructor waits for gnuplot to finish
    std::ifstream png(tmp_path, std::ios::binary);
    char magic[8] = {};
    png.read(magic, 8);
    if (!png || std::string(magic + 1, 3) != "PNG") {
        std::ifstream log(log_path);
        std::string first;
        std::getline(log, first);
        std::cerr << "plots: gnuplot could not draw " << final_path << (first.empty() ? "" : ": " + first) << "\n";
        std::remove(tmp_path.c_str());
        return "";
    }
    std::remove(log_path.c_str());
    std::error_code ec;
    fs::rename(tmp_path, final_path, ec);  // atomic: a reader never sees half a PNG
    if (ec) {
        std::cerr << "plots: cannot write " << final_path << ": " << ec.message() << "\n";
        return "";
    }
    return final_path;
}

}  // namespace attn::plot
