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
 * when its findings were allowed, passed when there were none. Written by the JDK's XML writer, which escapes what
 * messages hold.
 */
final class JUnitReport {

    private JUnitReport() {
    }

    static void write(CaptureGate.Verdict verdict, Path file) throws IOException {
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
            xml.writeAttribute("name", "framescope assert-capture " + verdict.capture());
            int cases = CaptureGate.KINDS.size() + (verdict.unlisted() > 0 ? 1 : 0);
            long failures = CaptureGate.KINDS.keySet().stream().filter(k -> failed(verdict, k)).count()
                    + (verdict.unlisted() > 0 ? 1 : 0);
            long skipped = CaptureGate.KINDS.keySet().stream().filter(k -> !verdict.of(k).isEmpty()
                    && !failed(verdict, k)).count();
            xml.writeAttribute("tests", Integer.toString(cases));
            xml.writeAttribute("failures", Long.toString(failures));
            xml.writeAttribute("errors", "0");
            xml.writeAttribute("skipped", Long.toString(skipped));
            for (String kind : CaptureGate.KINDS.keySet()) {
                testCase(xml, verdict, kind);
            }
            if (verdict.unlisted() > 0) {
                xml.writeCharacters("\n");
                xml.writeStartElement("testcase");
                xml.writeAttribute("classname", "framescope.assert-capture");
                xml.writeAttribute("name", "unlisted anomalies");
                xml.writeStartElement("failure");
                xml.writeAttribute("type", "unlisted");
                xml.writeAttribute("message", verdict.unlisted() + " anomalies past the digest's bound were not "
                        + "checked");
                xml.writeEndElement();
                xml.writeEndElement();
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

    private static boolean failed(CaptureGate.Verdict verdict, String kind) {
        return verdict.of(kind).stream().anyMatch(f -> !f.allowed());
    }

    private static void testCase(XMLStreamWriter xml, CaptureGate.Verdict verdict, String kind)
            throws XMLStreamException {
        List<CaptureGate.Finding> found = verdict.of(kind);
        xml.writeCharacters("\n");
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", "framescope.assert-capture");
        xml.writeAttribute("name", kind);
        String lines = found.stream().map(CaptureGate.Finding::line).collect(Collectors.joining("\n"));
        if (failed(verdict, kind)) {
            xml.writeStartElement("failure");
            xml.writeAttribute("type", kind);
            xml.writeAttribute("message", found.size() + " finding(s): " + CaptureGate.KINDS.get(kind));
            xml.writeCharacters(lines);
            xml.writeEndElement();
        } else if (!found.isEmpty()) {
            xml.writeStartElement("skipped");
            xml.writeAttribute("message", "allowed by --allow " + kind + ": " + found.size() + " finding(s)");
            xml.writeCharacters(lines);
            xml.writeEndElement();
        }
        xml.writeEndElement();
    }
}
