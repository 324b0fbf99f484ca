package dev.framescope.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A CI gate's verdict as JUnit XML, the format CI servers read: one test suite per gated thing, one test case per
 * thing a dashboard should track across builds, each passed, failed, skipped or in error. assert-capture writes one
 * case per gated kind (failed with every finding of that kind, skipped when its findings were allowed), or one case
 * in error when the capture could not be replayed; assert-effects one case per effect. Written by the JDK's XML
 * writer, which escapes what messages hold.
 */
final class JUnitReport {

    private static final String CAPTURE_CLASS = "framescope.assert-capture";

    /**
     * One test case: {@code outcome} null when it passed, else failure, error or skipped, with its {@code type}
     * (null for none), one-line {@code message} and the {@code text} CI shows under it.
     */
    record Case(String name, String outcome, String type, String message, String text) {

        static Case passed(String name) {
            return new Case(name, null, null, null, null);
        }
    }

    private JUnitReport() {
    }

    static void write(CaptureGate.Verdict verdict, Path file) throws IOException {
        List<Case> cases = new ArrayList<>();
        for (String kind : CaptureGate.KINDS.keySet()) {
            List<CaptureGate.Finding> found = verdict.of(kind);
            String lines = found.stream().map(CaptureGate.Finding::line).collect(Collectors.joining("\n"));
            if (found.stream().anyMatch(f -> !f.allowed())) {
                cases.add(new Case(kind, "failure", kind, found.size() + " finding(s): " + CaptureGate.KINDS.get(kind),
                        lines));
            } else if (!found.isEmpty()) {
                cases.add(new Case(kind, "skipped", null, "allowed by --allow " + kind + ": " + found.size()
                        + " finding(s)", lines));
            } else {
                cases.add(Case.passed(kind));
            }
        }
        if (verdict.unlisted() > 0) {
            cases.add(new Case("unlisted anomalies", "failure", "unlisted", verdict.unlisted() + " anomalies past the "
                    + "digest's bound were not checked", ""));
        }
        write(file, "framescope assert-capture " + verdict.capture(), CAPTURE_CLASS, cases);
    }

    /** A capture that could not be replayed: one test case in error, so CI shows a broken runner, not a pass. */
    static void writeError(String capture, String message, Path file) throws IOException {
        write(file, "framescope assert-capture " + capture, CAPTURE_CLASS, List.of(new Case("replay", "error",
                "replay", "the capture could not be replayed", message)));
    }

    /** One test suite named {@code suite} holding {@code cases}, counted by outcome. */
    static void write(Path file, String suite, String className, List<Case> cases) throws IOException {
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
            xml.writeAttribute("name", suite);
            xml.writeAttribute("tests", Integer.toString(cases.size()));
            for (String[] count : new String[][] {{"failures", "failure"}, {"errors", "error"},
                {"skipped", "skipped"}}) {
                xml.writeAttribute(count[0], Long.toString(cases.stream().filter(c -> count[1].equals(c.outcome()))
                        .count()));
            }
            for (Case c : cases) {
                testCase(xml, className, c);
            }
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

    /** A test case, empty when it passed, else holding one failure, error or skipped element. */
    private static void testCase(XMLStreamWriter xml, String className, Case c) throws XMLStreamException {
        xml.writeCharacters("\n");
        if (c.outcome() == null) {
            xml.writeEmptyElement("testcase");
            xml.writeAttribute("classname", className);
            xml.writeAttribute("name", c.name());
            return;
        }
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", className);
        xml.writeAttribute("name", c.name());
        xml.writeStartElement(c.outcome());
        if (c.type() != null) {
            xml.writeAttribute("type", c.type());
        }
        xml.writeAttribute("message", c.message());
        xml.writeCharacters(c.text());
        xml.writeEndElement();
        xml.writeEndElement();
    }
}
