package dev.pbs.formats.report;

import dev.pbs.montecarlo.tuning.LevelCandidate;
import dev.pbs.montecarlo.tuning.LevelTuningResult;
import dev.pbs.montecarlo.tuning.Tuner;
import dev.pbs.montecarlo.tuning.TuningResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;

/**
 * Draws a tuning answer with XChart, headless: each candidate at (window in ms, objective score
 * in ms), the Pareto frontier, the other feasible candidates and the rejected ones as separate
 * series; a level pair at its worst read datacenter. A PNG file.
 */
public final class FrontierPlot {

    private FrontierPlot() {}

    /** @throws IllegalArgumentException for an extension other than .png, or an unwritable file */
    public static void write(TuningResult result, Path file) {
        double probability = TuningJson.windowProbability(result.spec());
        List<TuningResult.Candidate> otherFeasible = new ArrayList<>(result.feasible());
        otherFeasible.removeAll(result.frontier());
        draw(
                file,
                "pbs tune: " + result.spec().profile().name() + ", objective "
                        + result.spec().objective().text(),
                "window@" + NumberText.plain(probability) + " (ms after commit)",
                points(
                        result.frontier(),
                        candidate -> candidate.metrics().windowMillis(probability),
                        TuningResult.Candidate::score),
                points(
                        otherFeasible,
                        candidate -> candidate.metrics().windowMillis(probability),
                        TuningResult.Candidate::score),
                points(
                        result.rejected(),
                        candidate -> candidate.metrics().windowMillis(probability),
                        TuningResult.Candidate::score));
    }

    /**
     * The (write level, read level) pairs at their worst read datacenter: the longest window and
     * the objective there.
     *
     * @throws IllegalArgumentException for an extension other than .png, or an unwritable file
     */
    public static void write(LevelTuningResult result, Path file) {
        double probability = Tuner.windowProbability(result.spec().requirements());
        List<LevelCandidate> otherFeasible = new ArrayList<>(result.feasible());
        otherFeasible.removeAll(result.frontier());
        List<LevelCandidate> rejected = result.rejected().stream()
                .filter(LevelCandidate::isPossibleEverywhere)
                .toList();
        draw(
                file,
                "pbs tune: " + result.spec().profile().name() + ", objective "
                        + result.spec().objective().text() + ", worst read datacenter",
                "longest window@" + NumberText.plain(probability) + " over the read datacenters (ms after commit)",
                points(result.frontier(), candidate -> candidate.worstWindowMillis(probability), LevelCandidate::score),
                points(otherFeasible, candidate -> candidate.worstWindowMillis(probability), LevelCandidate::score),
                points(rejected, candidate -> candidate.worstWindowMillis(probability), LevelCandidate::score));
    }

    private static <T> List<double[]> points(
            List<T> candidates, ToDoubleFunction<T> window, ToDoubleFunction<T> score) {
        return candidates.stream()
                .map(candidate -> new double[] {window.applyAsDouble(candidate), score.applyAsDouble(candidate)})
                .toList();
    }

    private static void draw(
            Path file,
            String title,
            String windowAxis,
            List<double[]> frontier,
            List<double[]> otherFeasible,
            List<double[]> rejected) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!name.endsWith(".png")) {
            throw new IllegalArgumentException("--plot must name a .png file, was '" + file + "'");
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new IllegalArgumentException("--plot: no such directory: " + parent);
        }
        System.setProperty("java.awt.headless", "true");
        XYChart chart = new XYChartBuilder()
                .width(900)
                .height(600)
                .title(title)
                .xAxisTitle(windowAxis)
                .yAxisTitle("objective: p99.9 latency (ms)")
                .build();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(10);
        add(chart, "Pareto frontier", frontier);
        add(chart, "other feasible", otherFeasible);
        add(chart, "rejected", rejected);
        try {
            BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException unwritable) {
            throw new IllegalArgumentException("--plot: cannot write " + file + ": " + unwritable.getMessage());
        }
    }

    /** Adds the points with a finite window (x) as one series. */
    private static void add(XYChart chart, String series, List<double[]> points) {
        List<Double> windows = new ArrayList<>();
        List<Double> scores = new ArrayList<>();
        for (double[] point : points) {
            if (Double.isFinite(point[0])) {
                windows.add(point[0]);
                scores.add(point[1]);
            }
        }
        if (!windows.isEmpty()) {
            chart.addSeries(series, windows, scores);
        }
    }
}
