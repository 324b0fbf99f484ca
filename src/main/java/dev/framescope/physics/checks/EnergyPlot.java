package dev.framescope.physics.checks;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import dev.framescope.common.ToolOutput;
import dev.framescope.physics.checks.PhysicsArgs.PlotArgs;
import dev.framescope.physics.store.FrameRange;
import dev.framescope.physics.store.PhysicsModel.EnergyPoint;
import dev.framescope.physics.store.PhysicsModel.SystemEnergyPoint;
import dev.framescope.physics.store.RecordingStore;
import dev.framescope.physics.store.Recordings;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * {@code plot_energy}: system or body energy over a frame range as a PNG, energy injections (as
 * find_energy_anomalies finds them) marked with red vertical lines. Drawn headless with JFreeChart.
 */
public final class EnergyPlot {

    private final Recordings recordings;

    public EnergyPlot(Recordings recordings) {
        this.recordings = recordings;
    }

    public record PlotSummary(int schemaVersion, String summary, String series, long startFrame, long endFrame,
                              int points, List<Long> injectionFrames, int widthPx, int heightPx) {
    }

    public ToolOutput plot(PlotArgs args) {
        try (Recordings.Lease lease = recordings.lease(args.recording())) {
            return plot(lease.store(), args);
        }
    }

    private static ToolOutput plot(RecordingStore store, PlotArgs args) {
        FrameRange range = FrameRange.of(store, args.startFrame(), args.endFrame());
        XYSeriesCollection data = new XYSeriesCollection();
        String label;
        if (args.bodyId() == null) {
            label = "system";
            XYSeries total = new XYSeries("total");
            XYSeries kinetic = new XYSeries("kinetic");
            XYSeries potential = new XYSeries("potential");
            for (SystemEnergyPoint p : store.systemEnergy()) {
                if (range.contains(p.frameId())) {
                    total.add(p.frameId(), p.totalSystemE());
                    kinetic.add(p.frameId(), p.totalLinearKe() + p.totalRotationalKe());
                    potential.add(p.frameId(), p.totalPotentialE());
                }
            }
            data.addSeries(total);
            data.addSeries(kinetic);
            data.addSeries(potential);
        } else {
            label = "body " + args.bodyId();
            List<EnergyPoint> points = store.bodyEnergy(args.bodyId());
            if (points.isEmpty()) {
                throw RecordingQueries.bodyNotFound(store, args.bodyId(), 0);
            }
            XYSeries total = new XYSeries("total");
            XYSeries kinetic = new XYSeries("kinetic");
            for (EnergyPoint p : points) {
                if (range.contains(p.frameId())) {
                    total.add(p.frameId(), p.totalE());
                    kinetic.add(p.frameId(), p.linearKe() + p.rotationalKe());
                }
            }
            data.addSeries(total);
            data.addSeries(kinetic);
        }
        List<Long> injections = new ArrayList<>();
        for (EnergyChecks.EnergyAnomaly a : EnergyChecks.scan(store, range, args.threshold(), null).frames()) {
            if (a.kind().equals("injection")) {
                injections.add(a.frameId());
            }
        }
        byte[] png = render(data, label, store.path().getFileName().toString(), injections, args);
        int points = data.getSeries(0).getItemCount();
        return new ToolOutput.WithImage(new PlotSummary(RecordingQueries.SCHEMA_VERSION, String.format("Energy of %s, "
                        + "frames %d–%d (%d points); %d injection(s) marked%s.", label, range.start(), range.end(),
                points, injections.size(), injections.isEmpty() ? "" : " at " + injections), label, range.start(),
                range.end(), points, injections, args.width(), args.height()), png, "image/png");
    }

    private static byte[] render(XYSeriesCollection data, String label, String file, List<Long> injections,
                                 PlotArgs args) {
        System.setProperty("java.awt.headless", "true");
        JFreeChart chart = ChartFactory.createXYLineChart("Energy of " + label + " — " + file, "frame", "energy (J)",
                data);
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(Color.WHITE);
        for (long frame : injections) {
            ValueMarker marker = new ValueMarker(frame, Color.RED, new BasicStroke(1.5f));
            marker.setLabel("injection " + frame);
            plot.addDomainMarker(marker);
        }
        try (ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            ChartUtils.writeChartAsPNG(out, chart, args.width(), args.height());
            return out.toByteArray();
        } catch (IOException e) {
            throw new ToolException(ErrorCode.INTERNAL, "Could not encode the plot: " + e.getMessage(),
                    Map.of(), e);
        }
    }
}
