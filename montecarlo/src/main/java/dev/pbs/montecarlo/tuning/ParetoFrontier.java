package dev.pbs.montecarlo.tuning;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/** The candidates no other candidate beats or equals on every coordinate of their points (lower is better). */
final class ParetoFrontier {

    private ParetoFrontier() {}

    /**
     * @param point a candidate's coordinates, all to be minimised, in the same order for every candidate
     * @param order the order of the frontier returned
     */
    static <T> List<T> of(List<T> all, Function<T, double[]> point, Comparator<T> order) {
        List<double[]> points = all.stream().map(point).toList();
        List<T> frontier = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            boolean dominated = false;
            for (int j = 0; j < all.size() && !dominated; j++) {
                dominated = j != i && dominates(points.get(j), points.get(i));
            }
            if (!dominated) {
                frontier.add(all.get(i));
            }
        }
        frontier.sort(order);
        return List.copyOf(frontier);
    }

    /** a is no worse than b everywhere and better somewhere. */
    private static boolean dominates(double[] a, double[] b) {
        boolean better = false;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > b[i]) {
                return false;
            }
            better |= a[i] < b[i];
        }
        return better;
    }
}
