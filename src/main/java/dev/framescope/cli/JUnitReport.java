package dev.framescope.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * assert-capture's verdict as JUnit XML, the format CI servers read: one test suite per capture, one test case per
 * gated kind (so a dashboard tracks "nan_written" across builds), failed with every finding of that kind, skipped
 * when its findings were allowed, passed when there were none; a capture that could not be replayed is one test case
 * in error. Written by the JDK's XML writer, which escapes what messages hold.
 */
final class JUnitReport {

    private static final String CLASS_NAME = "framescope.assert-capture";

    private JUnitReport() {
    }

    /** The elements inside the test suite. */
    @FunctionalInterface
    private interface Cases {
        void write(XMLStreamWriter xml) throws XMLStreamException;
    }

    static void write(CaptureGate.Verdict verdict, Path file) throws IOException {
        int cases = CaptureGate.KINDS.size() + (verdict.unlisted() > 0 ? 1 : 0);
        long failures = CaptureGate.KINDS.keySet().stream().filter(k -> failed(verdict, k)).count()
                + (verdict.unlisted() > 0 ? 1 : 0);
        long skipped = CaptureGate.KINDS.keySet().stream().filter(k -> !verdict.of(k).isEmpty()
                && !failed(verdict, k)).count();
        document(file, verdict.capture(), new long[] {cases, failures, 0, skipped}, xml -> {
            for (String kind : CaptureGate.KINDS.keySet()) {
                testCase(xml, verdict, kind);
            }
            if (verdict.unlisted() > 0) {
                outcome(xml, "unlisted anomalies", "failure", "unlisted", verdict.unlisted() + " anomalies past the "
                        + "digest's bound were not checked", "");
            }
        });
    }

    /** A capture that could not be replayed: one test case in error, so CI shows a broken runner, not a pass. */
    static void writeError(String capture, String message, Path file) throws IOException {
        document(file, capture, new long[] {1, 0, 1, 0}, xml -> outcome(xml, "replay", "error", "replay",
                "the capture could not be replayed", message));
    }

    /** counts: tests, failures, errors, skipped. */
    private static void document(Path file, String capture, long[] counts, Cases cases) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("testsuites");
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", "framescope assert-capture " + capture);
            String[] names = {"tests", "failures", "errors", "skipped"};
            for (int i = 0; i < names.length; i++) {
                xml.writeAttribute(names[i], Long.toString(counts[i]));
            }
            cases.write(xml);
            xml.writeCharacters("\n");
            xml.writeEndElement();
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static boolean failed(CaptureGate.Verdict verdict, String kind) {
        return verdict.of(kind).stream().anyMatch(f -> !f.allowed());
    }

    private static void testCase(XMLStreamWriter xml, CaptureGate.Verdict verdict, String kind)
            throws XMLStreamException {
        List<CaptureGate.Finding> found = verdict.of(kind);
        String lines = found.stream().map(CaptureGate.Finding::line).collect(Collectors.joining("\n"));
        if (failed(verdict, kind)) {
            outcome(xml, kind, "failure", kind, found.size() + " finding(s): " + CaptureGate.KINDS.get(kind), lines);
        } else if (!found.isEmpty()) {
            outcome(xml, kind, "skipped", null, "allowed by --allow " + kind + ": " + found.size() + " finding(s)",
                    lines);
        } else {
            xml.writeCharacters("\n");
            xml.writeEmptyElement("testcase");
            xml.writeAttribute("classname", CLASS_NAME);
            xml.writeAttribute("name", kind);
        }
    }

    /** A test case holding one failure, error or skipped element. */
    private static void outcome(XMLStreamWriter xml, String name, String element, String type, String message,
                                String text) throws XMLStreamException {
        xml.writeCharacters("\n");
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", CLASS_NAME);
        xml.writeAttribute("name", name);
        xml.writeStartElement(element);
        if (type != null) {
            xml.writeAttribute("type", type);
        }
        xml.writeAttribute("message", message);
        xml.writeCharacters(text);
        xml.writeEndElement();
        xml.writeEndElement();
    }
}
