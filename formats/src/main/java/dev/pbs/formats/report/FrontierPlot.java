package dev.pbs.formats.report;

import dev.pbs.montecarlo.tuning.TuningResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;

/**
 * Draws a tuning answer with XChart, headless: each candidate at (window in ms, objective score
 * in ms), the Pareto frontier, the other feasible candidates and the rejected ones as separate
 * series. PNG or SVG, chosen by the file's extension.
 */
public final class FrontierPlot {

    private FrontierPlot() {}

    /** @throws IllegalArgumentException for an extension other than .png or .svg, or an unwritable file */
    public static void write(TuningResult result, Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean svg = name.endsWith(".svg");
        if (!svg && !name.endsWith(".png")) {
            throw new IllegalArgumentException("--plot must name a .png or .svg file, was '" + file + "'");
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new IllegalArgumentException("--plot: no such directory: " + parent);
        }
        System.setProperty("java.awt.headless", "true");
        double probability = TuningJson.windowProbability(result.spec());
        XYChart chart = new XYChartBuilder()
                .width(900)
                .height(600)
                .title("pbs tune: " + result.spec().profile().name() + ", objective "
                        + result.spec().objective().text())
                .xAxisTitle("window@" + NumberText.plain(probability) + " (ms after commit)")
                .yAxisTitle("objective: p99.9 latency (ms)")
                .build();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(10);
        List<TuningResult.Candidate> otherFeasible = new ArrayList<>(result.feasible());
        otherFeasible.removeAll(result.frontier());
        add(chart, "Pareto frontier", result.frontier(), probability);
        add(chart, "other feasible", otherFeasible, probability);
        add(chart, "rejected", result.rejected(), probability);
        try {
            String target = file.toString();
            if (svg) {
                VectorGraphicsEncoder.saveVectorGraphic(chart, target, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            } else {
                BitmapEncoder.saveBitmap(chart, target, BitmapEncoder.BitmapFormat.PNG);
            }
        } catch (IOException unwritable) {
            throw new IllegalArgumentException("--plot: cannot write " + file + ": " + unwritable.getMessage());
        }
    }

    private static void add(XYChart chart, String series, List<TuningResult.Candidate> candidates, double probability) {
        List<Double> windows = new ArrayList<>();
        List<Double> scores = new ArrayList<>();
        for (TuningResult.Candidate candidate : candidates) {
            double window = candidate.metrics().windowMillis(probability);
            if (Double.isFinite(window)) {
                windows.add(window);
                scores.add(candidate.score());
            }
        }
        if (!windows.isEmpty()) {
            chart.addSeries(series, windows, scores);
        }
    }
}
