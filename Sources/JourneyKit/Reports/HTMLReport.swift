import ChoreoJSON

/// One self-contained HTML page (inline CSS, no external resources) that shows each journey's virtual timeline.
public enum HTMLReport {
    /// The report page for `results`, ending with a newline.
    ///
    /// A header gives the counts (`3 passed`, `1 failed`, also in the page title as `3 passed, 1 failed`) and an
    /// index of the journeys. Then one collapsible section per journey, failed and errored ones first and
    /// expanded, passed ones collapsed: the failure (message, location, virtual time, expected and actual, diff,
    /// last trace events), a timeline drawn as one inline `<svg>` per journey (see ``TimelineData``), and the
    /// steps as a table. All text is escaped; the page works without scripts (the inline script adds "expand all"
    /// buttons, opens a journey when its index link is followed, zooms the timelines and moves a time cursor with a
    /// readout of each lane's value over them).
    ///
    /// With `overlayVariants`, each journey run in several matrix variants also gets its variants overlaid, a chart
    /// per shared lane (``HTMLVariantOverlay``), after the index.
    public static func render(
        _ results: [JourneyResult], title: String = "Journey report", overlayVariants: Bool = false
    ) -> String {
        let counts = ReportText.failedCountingErrors(results)
        let ordered = results.enumerated().sorted { rank($0.element.status) < rank($1.element.status) }
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<title>\(esc(title)) — \(counts.passed) passed, \(counts.failed) failed</title>\n"
        page += "<style>\n\(stylesheet)</style>\n</head>\n<body>\n"
        page += header(results, title: title)
        page += index(ordered.map { ($0.offset, $0.element) })
        page += "<main>\n"
        if overlayVariants { page += HTMLVariantOverlay.sections(results) }
        for (offset, result) in ordered {
            page += section(result, number: offset + 1)
        }
        if results.isEmpty {
            page += "<p class=\"empty\">No journeys ran.</p>\n"
        }
        page += "</main>\n<script>\n\(script)</script>\n</body>\n</html>\n"
        return page
    }

    // MARK: Header and index

    private static func header(_ results: [JourneyResult], title: String) -> String {
        let counts = ReportText.failedCountingErrors(results)
        let wall = results.reduce(0) { $0 + $1.wallMilliseconds }
        let virtual = results.reduce(0) { $0 + $1.virtualMilliseconds }
        var meta = [ReportText.plural(results.count, "journey")]
        if counts.errors > 0 { meta.append("\(counts.errors) could not run") }
        if counts.skipped > 0 { meta.append("\(counts.skipped) skipped") }
        meta.append("\(ReportText.wall(wall)) ms wall")
        meta.append("\(ReportText.compact(virtual, 1)) ms virtual")
        let failedClass = counts.failed > 0 ? "pill pill-fail" : "pill pill-zero"
        var html = "<header class=\"top\">\n<div class=\"heading\">\n<h1>\(esc(title))</h1>\n"
        html += "<div class=\"actions\"><button type=\"button\" data-open=\"1\">Expand all</button>"
        html += "<button type=\"button\" data-open=\"0\">Collapse all</button></div>\n</div>\n"
        html += "<p class=\"summary\" id=\"summary\" data-passed=\"\(counts.passed)\" data-failed=\"\(counts.failed)\""
        html += " data-total=\"\(results.count)\">"
        html += "<span class=\"pill pill-pass\">\(counts.passed) passed</span>"
        html += "<span class=\"\(failedClass)\">\(counts.failed) failed</span>"
        html += "<span class=\"muted\">\(esc(meta.joined(separator: " · ")))</span></p>\n"
        if !results.isEmpty {
            let passedShare = 100 * Double(counts.passed) / Double(results.count)
            html += "<div class=\"bar\" aria-hidden=\"true\"><span class=\"bar-pass\" style=\"width:"
            html += "\(ReportText.fixed(passedShare, 2))%\"></span><span class=\"bar-fail\" style=\"width:"
            html += "\(ReportText.fixed(100 - passedShare, 2))%\"></span></div>\n"
        }
        html += "</header>\n"
        return html
    }

    private static func index(_ ordered: [(Int, JourneyResult)]) -> String {
        guard ordered.count > 1 else { return "" }
        var html = "<nav class=\"index\">\n<table>\n<thead><tr><th></th><th>Journey</th><th>File</th>"
        html += "<th class=\"num\">Steps</th><th class=\"num\">Virtual</th><th class=\"num\">Wall</th></tr></thead>\n"
        html += "<tbody>\n"
        for (offset, result) in ordered {
            html += "<tr class=\"\(result.status.rawValue)\"><td>\(icon(result.status))</td>"
            html += "<td><a href=\"#journey-\(offset + 1)\">\(nameHTML(result))</a></td>"
            html += "<td class=\"file\">\(esc(result.file))</td><td class=\"num\">\(result.steps.count)</td>"
            html += "<td class=\"num\">\(ReportText.number(result.virtualMilliseconds)) ms</td>"
            html += "<td class=\"num\">\(ReportText.wall(result.wallMilliseconds)) ms</td></tr>\n"
        }
        html += "</tbody>\n</table>\n</nav>\n"
        return html
    }

    // MARK: A journey

    private static func section(_ result: JourneyResult, number: Int) -> String {
        let open = result.status == .passed ? "" : " open"
        var html = "<details class=\"journey \(result.status.rawValue)\" id=\"journey-\(number)\"\(open)>\n"
        html += "<summary><span class=\"badge\">\(icon(result.status)) \(result.status.rawValue)</span>"
        html += "<span class=\"name\">\(nameHTML(result))</span><span class=\"meta\">\(esc(result.file)) · "
        html += "virtual \(ReportText.number(result.virtualMilliseconds)) ms · "
        html += "\(ReportText.wall(result.wallMilliseconds)) ms wall</span></summary>\n"
        html += "<div class=\"body\">\n"
        if let session = result.session {
            html += "<p class=\"session\">\(esc("session: " + session.description))</p>\n"
        }
        if result.status != .passed {
            html += failure(result)
        }
        if let reel = result.screens, !reel.svgs.isEmpty {
            html += "<div class=\"with-screen\">\n"
            html += timeline(HTMLTimeline(result: result, id: "journey-\(number)"))
            html += screenPane(reel) + "</div>\n"
            html += filmStrip(reel)
        } else {
            html += timeline(HTMLTimeline(result: result, id: "journey-\(number)"))
        }
        html += sweeps(result)
        html += steps(result)
        html += "</div>\n</details>\n"
        return html
    }

    /// The swept value over the offsets (the first number the steps checked at each), as a small curve under the
    /// strip: a dot per offset, red where it failed; nothing when fewer than two offsets checked a number.
    static func sweepCurve(_ offsets: [StepResult.SweepOffset]) -> String {
        let points = offsets.compactMap { offset in offset.value.map { (offset, $0) } }
        guard points.count >= 2, let path = points.first?.0.path else { return "" }
        let values = points.map(\.1)
        let (low, high) = (values.min()!, values.max()!)
        let (width, height, pad) = (1000.0, 60.0, 6.0)
        let first = offsets.first!.offsetMs
        let span = max(offsets.last!.offsetMs - first, 1e-9)
        func x(_ ms: Double) -> Double { pad + (width - 2 * pad) * (ms - first) / span }
        func y(_ v: Double) -> Double {
            high > low ? height - pad - (height - 2 * pad) * (v - low) / (high - low) : height / 2
        }
        let coordinates = points.map { "\(ReportText.fixed(x($0.0.offsetMs), 2)),\(ReportText.fixed(y($0.1), 2))" }
        var svg = "<svg class=\"sweep-curve\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" preserveAspectRatio=\"none\""
        svg += " data-path=\"\(esc(path))\" data-values=\"\(values.map(ReportText.number).joined(separator: ","))\">"
        svg +=
            "<title>\(esc("\(path) over the sweep: from \(ReportText.number(low)) to \(ReportText.number(high))"))</title>"
        svg +=
            "<polyline points=\"\(coordinates.joined(separator: " "))\" fill=\"none\" stroke=\"#2f5fd0\" stroke-width=\"2\"/>"
        for ((offset, _), point) in zip(points, coordinates) {
            let parts = point.split(separator: ",")
            svg +=
                "<circle cx=\"\(parts[0])\" cy=\"\(parts[1])\" r=\"3\" fill=\"\(offset.failure == nil ? "#2f9e67" : "#d64545")\"/>"
        }
        return svg + "</svg><div class=\"sweep-curve-label\">\(esc(path))</div>"
    }

    /// Each `sweep` step as a strip of its offsets, one cell each, red where the steps failed (the failure in the
    /// cell's tooltip), with the failing ranges spelled out under it.
    static func sweeps(_ result: JourneyResult) -> String {
        var html = ""
        for step in result.steps where !step.sweep.isEmpty {
            let failed = step.sweep.filter { $0.failure != nil }.count
            html += "<div class=\"sweep\"><div class=\"sweep-title\">\(esc(step.label)) · line \(step.location.line)"
            html += " · \(failed == 0 ? "every offset held" : "\(failed) of \(step.sweep.count) offsets failed")</div>"
            html += "<div class=\"sweep-strip\">"
            for offset in step.sweep {
                let at = ReportText.number(offset.offsetMs)
                let title = offset.failure.map { "\(at) ms: \($0)" } ?? "\(at) ms: held"
                html += "<span class=\"\(offset.failure == nil ? "held" : "failed")\" title=\"\(esc(title))\"></span>"
            }
            html += "</div>" + sweepCurve(step.sweep)
            html += "<div class=\"sweep-axis\"><span>\(ReportText.number(step.sweep.first!.offsetMs)) ms</span>"
            html += "<span>\(ReportText.number(step.sweep.last!.offsetMs)) ms after the step</span></div></div>\n"
        }
        return html
    }

    /// The timeline figure: zoom buttons, the main SVG in a horizontally scrolling box, the endless loops' SVG in a
    /// closed `<details>`, and the cursor's readout (filled in by the script).
    private static func timeline(_ timeline: HTMLTimeline) -> String {
        var html = "<figure class=\"timeline\">\n<div class=\"tl-tools\"><span class=\"muted\">Zoom</span>"
        for zoom in [1, 2, 4, 8] {
            html += "<button type=\"button\" data-zoom=\"\(zoom)\"\(zoom == 1 ? " class=\"on\"" : "")>\(zoom)×</button>"
        }
        html += "<span class=\"muted hint\">ctrl + wheel zooms; move over the timeline to read values</span></div>\n"
        html += "<div class=\"tl-scroll\">\n" + timeline.svg() + "</div>\n"
        if let loops = timeline.loopsSVG() {
            let paths = timeline.endless.map(\.path).joined(separator: ", ")
            html += "<details class=\"loops\"><summary>\(ReportText.plural(timeline.endless.count, "endless loop"))"
            html += " <span class=\"muted\">\(esc(ReportText.truncated(paths, 160)))</span></summary>\n"
            html += "<div class=\"tl-scroll\">\n" + loops + "</div>\n</details>\n"
        }
        html += "<div class=\"readout\" hidden></div>\n</figure>\n"
        return html
    }

    /// The screen pane beside the timeline: the screen at the time cursor (the script follows it; the first frame
    /// without scripts), its time, and the reel's distinct pictures as `data:` URIs for the script.
    static func screenPane(_ reel: ScreenReel) -> String {
        let times = JSONValue.array(reel.times.map { .number($0) }).serialized()
        let pictures = JSONValue.array(reel.pictures.map { .int(Int64($0)) }).serialized()
        let first = reel.pictures.first ?? 0
        var html = "<figure class=\"screen-pane\" data-times=\"\(esc(times))\" data-pictures=\"\(esc(pictures))\">"
        html += "<img class=\"screen\" alt=\"The screen at \(ReportText.number(reel.times.first ?? 0)) ms\" "
        html += "src=\"\(ScreenReel.dataURI(reel.svgs[first]))\">"
        html +=
            "<figcaption>screen at <span class=\"screen-time\">\(ReportText.number(reel.times.first ?? 0))</span> ms"
        html += "</figcaption>\n<script type=\"application/json\" class=\"screen-svgs\">"
        let uris = JSONValue.array(reel.svgs.map { .string(ScreenReel.dataURI($0)) }).serialized()
        html += uris.replacingOccurrences(of: "</", with: "<\\/") + "</script></figure>\n"
        return html
    }

    /// The film strip: the screen at every drawn time, side by side (pictures filled in by the script).
    static func filmStrip(_ reel: ScreenReel) -> String {
        var html = "<details class=\"film\"><summary>Film strip: \(ReportText.plural(reel.times.count, "frame"))"
        html += " <span class=\"muted\">every few frames and at each step</span></summary>\n<div class=\"strip\">"
        for (time, picture) in zip(reel.times, reel.pictures) {
            html += "<figure><img data-picture=\"\(picture)\" alt=\"The screen at \(ReportText.number(time)) ms\">"
            html += "<figcaption>\(ReportText.number(time)) ms</figcaption></figure>"
        }
        html += "</div>\n</details>\n"
        return html
    }

    private static func failure(_ result: JourneyResult) -> String {
        guard let failure = result.failure else {
            let text = result.status == .error ? "The journey could not run." : "The journey failed."
            return "<section class=\"failure\"><p class=\"message\">\(text) No details were recorded.</p></section>\n"
        }
        var html = "<section class=\"failure\">\n<p class=\"message\">\(esc(failure.message))</p>\n"
        html += "<p class=\"where\"><code>\(esc("\(failure.location.file):\(failure.location.line)"))</code>"
        if !failure.location.includeChain.isEmpty {
            let chain = failure.location.includeChain.reversed().joined(separator: " ← ")
            html += " <span class=\"muted\">included from \(esc(chain))</span>"
        }
        if result.status != .error || failure.virtualMs != 0 {
            html += " · at virtual <strong>\(ReportText.number(failure.virtualMs)) ms</strong>"
        }
        html += "</p>\n"
        if failure.expected != nil || failure.actual != nil {
            html += "<div class=\"compare\">\n"
            if let expected = failure.expected {
                html +=
                    "<div><h4>Expected</h4><pre class=\"expected\">\(esc(ReportText.display(expected)))</pre></div>\n"
            }
            if let actual = failure.actual {
                html += "<div><h4>Actual</h4><pre class=\"actual\">\(esc(ReportText.display(actual)))</pre></div>\n"
            }
            html += "</div>\n"
        }
        if !failure.diff.isEmpty {
            html += "<h4>Diff <span class=\"muted\">− expected, + actual</span></h4>\n<div class=\"diff\">"
            for line in failure.diff {
                let kind = line.hasPrefix("-") ? "del" : line.hasPrefix("+") ? "add" : "same"
                html += "<div class=\"\(kind)\">\(esc(line.isEmpty ? " " : line))</div>"
            }
            html += "</div>\n"
        }
        let recent = failure.recentTrace.suffix(ConsoleReport.traceEventLimit)
        if !recent.isEmpty {
            html += "<h4>Trace around the failing step</h4>\n<div class=\"trace\">"
            for event in recent {
                html += "<div>\(esc(ReportText.traceLine(event)))</div>"
            }
            html += "</div>\n"
        }
        html += "</section>\n"
        return html
    }

    private static func steps(_ result: JourneyResult) -> String {
        guard !result.steps.isEmpty else { return "" }
        let open = result.status == .passed ? "" : " open"
        var html =
            "<details class=\"steps\"\(open)>\n<summary>\(ReportText.plural(result.steps.count, "step"))</summary>\n"
        let reel = result.screens.flatMap { $0.svgs.isEmpty ? nil : $0 }
        html += "<table>\n<thead><tr><th></th><th class=\"num\">Virtual ms</th><th>Kind</th><th>Step</th>"
        html += "<th>Where</th>\(reel == nil ? "" : "<th>Screen</th>")</tr></thead>\n<tbody>\n"
        for step in result.steps {
            let time =
                step.startMs == step.endMs
                ? ReportText.number(step.startMs)
                : "\(ReportText.number(step.startMs))–\(ReportText.number(step.endMs))"
            html += "<tr class=\"\(step.passed ? "ok" : "bad")\"><td>\(step.passed ? "✓" : "✗")</td>"
            html += "<td class=\"num\">\(time)</td><td class=\"kind\">\(esc(step.kind))</td>"
            html += "<td>\(esc(step.label))</td><td class=\"file\">\(esc(step.location.description))</td>"
            if let picture = reel?.picture(at: step.endMs) {
                html += "<td><img class=\"thumb\" data-picture=\"\(picture)\" "
                html += "alt=\"The screen after this step, at \(ReportText.number(step.endMs)) ms\"></td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n</details>\n"
        return html
    }

    // MARK: Helpers

    /// Failed first, then errors, then passed.
    private static func rank(_ status: JourneyResult.Status) -> Int {
        switch status {
        case .failed: return 0
        case .error: return 1
        case .passed: return 2
        case .skipped: return 3
        }
    }

    private static func icon(_ status: JourneyResult.Status) -> String {
        status == .passed ? "✓" : status == .skipped ? "–" : "✗"
    }

    private static func nameHTML(_ result: JourneyResult) -> String {
        var html = esc(result.name)
        if let variant = result.variant {
            html += " <span class=\"variant\">\(esc(variant))</span>"
        }
        return html
    }

    /// Escaped for HTML text and attribute values alike.
    static func esc(_ text: String) -> String {
        ReportText.escapeMarkup(text, attribute: true, html: true)
    }

    private static let script = """
        document.querySelectorAll('button[data-open]').forEach(function (b) {
          b.addEventListener('click', function () {
            var open = b.getAttribute('data-open') === '1';
            document.querySelectorAll('details.journey').forEach(function (d) { d.open = open; });
          });
        });
        // #journey-3 opens that journey; #journey-3&t=120 also puts the time cursor (and the screen) at 120 ms.
        function openTarget() {
          var m = /^#([^&]+)(?:&t=([0-9.]+))?/.exec(location.hash || '');
          var d = m && document.getElementById(m[1]);
          if (!d || d.tagName !== 'DETAILS') { return; }
          d.open = true;
          if (m[2] !== undefined) {
            var figure = d.querySelector('figure.timeline');
            if (figure && window.choreoCursor) { window.choreoCursor(figure, +m[2]); }
            if (d.getBoundingClientRect().top > window.innerHeight / 3) { d.scrollIntoView(); }
          }
        }
        window.addEventListener('hashchange', openTarget);
        function screenSVGs(pane) {
          if (!pane.svgs) { pane.svgs = JSON.parse(pane.querySelector('script.screen-svgs').textContent); }
          return pane.svgs;
        }
        // The screen pane shows the last frame at or before t.
        function showScreen(figure, t) {
          var box = figure.closest('.with-screen'), pane = box && box.querySelector('figure.screen-pane');
          if (!pane) { return; }
          if (!pane.times) { pane.times = JSON.parse(pane.dataset.times); pane.pics = JSON.parse(pane.dataset.pictures); }
          var i = 0;
          while (i + 1 < pane.times.length && pane.times[i + 1] <= t + 1e-9) { i++; }
          var img = pane.querySelector('img.screen');
          img.src = screenSVGs(pane)[pane.pics[i]];
          img.alt = 'The screen at ' + pane.times[i] + ' ms';
          pane.querySelector('.screen-time').textContent = String(Number(pane.times[i].toPrecision(9)));
        }
        document.querySelectorAll('details.journey').forEach(function (d) {
          var pane = d.querySelector('figure.screen-pane');
          if (!pane) { return; }
          d.querySelectorAll('img[data-picture]').forEach(function (img) {
            img.src = screenSVGs(pane)[+img.dataset.picture];
          });
        });
        (function () {
          var SVG = 'http://www.w3.org/2000/svg';
          function num(v) {
            var a = Math.abs(v);
            return a !== 0 && (a < 1e-3 || a >= 1e7) ? v.toExponential(3) : String(Number(v.toPrecision(6)));
          }
          function geometry(svg) {
            var d = svg.dataset;
            return { end: +d.end, left: +d.left, right: +d.right, width: +d.width, zoom: +(d.zoom || 1) };
          }
          function lanes(svg) {
            if (!svg.lanes) { svg.lanes = JSON.parse(svg.dataset.lanes || '[]'); }
            return svg.lanes;
          }
          // The lane's value at t: linear between samples (a closed form), or the frame on screen (`hold`: the last
          // sample at or before t, as the session shows it between frames); the first before them, the last after.
          function valueAt(d, t, hold) {
            var n = d.length / 2;
            if (!n) { return null; }
            if (t <= d[0]) { return d[1]; }
            if (t >= d[2 * n - 2]) { return d[2 * n - 1]; }
            var lo = 0, hi = n - 1;
            while (hi - lo > 1) { var mid = (lo + hi) >> 1; if (d[2 * mid] <= t) { lo = mid; } else { hi = mid; } }
            var t0 = d[2 * lo], t1 = d[2 * hi];
            if (hold) { return t >= t1 ? d[2 * hi + 1] : d[2 * lo + 1]; }
            return t1 > t0 ? d[2 * lo + 1] + (d[2 * hi + 1] - d[2 * lo + 1]) * (t - t0) / (t1 - t0) : d[2 * hi + 1];
          }
          function zoom(figure, z) {
            figure.dataset.zoom = z;
            figure.querySelectorAll('svg.tl').forEach(function (svg) {
              var g = geometry(svg), w = g.left + (g.right - g.left) * z + (g.width - g.right);
              svg.setAttribute('viewBox', '0 0 ' + w + ' ' + svg.viewBox.baseVal.height);
              svg.setAttribute('width', w);
              svg.style.width = (100 * w / g.width) + '%';
              svg.dataset.zoom = z;
              svg.querySelectorAll('.zx').forEach(function (e) {
                e.setAttribute('transform', 'matrix(' + z + ' 0 0 1 ' + (1 - z) * g.left + ' 0)');
              });
              svg.querySelectorAll('.pin').forEach(function (e) {
                var x = +e.dataset.x;
                e.setAttribute('transform', 'translate(' + (g.left + (x - g.left) * z - x) + ' 0)');
              });
            });
            figure.querySelectorAll('button[data-zoom]').forEach(function (b) {
              b.classList.toggle('on', +b.dataset.zoom === z);
            });
            figure.querySelectorAll('.tl-scroll').forEach(keepGutter);
          }
          // The gutter stays in view when a zoomed timeline scrolls.
          function keepGutter(box) {
            box.querySelectorAll('svg.tl').forEach(function (svg) {
              var gutter = svg.querySelector('g.gutter'), width = svg.getBoundingClientRect().width;
              if (!gutter || !width) { return; }
              var shift = box.scrollLeft * svg.viewBox.baseVal.width / width;
              gutter.setAttribute('transform', 'translate(' + shift + ' 0)');
            });
          }
          function hide(figure) {
            figure.querySelectorAll('svg.tl').forEach(function (svg) {
              var line = svg.querySelector('line.cursor');
              if (line) { line.setAttribute('visibility', 'hidden'); }
              var dots = svg.querySelector('g.cursor-dots');
              if (dots) { dots.textContent = ''; }
            });
            figure.querySelector('.readout').hidden = true;
          }
          // The cursor at the virtual time under the mouse, in every visible timeline of the figure, and a readout
          // of that time and each lane's value there.
          function show(figure, svg, event) {
            var g = geometry(svg), ctm = svg.getScreenCTM();
            if (!ctm) { return; }
            var p = svg.createSVGPoint();
            p.x = event.clientX; p.y = event.clientY;
            var t = (p.matrixTransform(ctm.inverse()).x - g.left) / ((g.right - g.left) * g.zoom) * g.end;
            if (!(t >= 0 && t <= g.end)) { hide(figure); return; }
            place(figure, t, event);
          }
          // The cursor at virtual time t in every visible timeline of the figure, its readout (by the mouse, or at the
          // cursor's top without one) and the screen pane at t.
          function place(figure, t, event) {
            var rows = ['t = ' + num(t) + ' ms'];
            figure.querySelectorAll('svg.tl').forEach(function (s) {
              var line = s.querySelector('line.cursor'), dots = s.querySelector('g.cursor-dots');
              if (!line || !dots || s.closest('details:not([open])')) { return; }
              var sg = geometry(s), x = sg.left + t / sg.end * (sg.right - sg.left) * sg.zoom;
              line.setAttribute('x1', x); line.setAttribute('x2', x); line.setAttribute('visibility', 'visible');
              dots.textContent = '';
              var fps = +(s.dataset.fps || 0);
              if (fps && rows.length === 1) {
                // Between frames the screen shows the last frame drawn (frame n at n/fps s).
                var frame = Math.floor(t * fps / 1000 + 1e-9);
                rows[0] += ' (shows frame ' + frame + ', ' + num(frame * 1000 / fps) + ' ms)';
              }
              lanes(s).forEach(function (lane) {
                var v = valueAt(lane.d, t, lane.f);
                if (v === null) { return; }
                rows.push(lane.p + '  ' + num(v));
                var y = lane.hi > lane.lo ? lane.y1 - (v - lane.lo) / (lane.hi - lane.lo) * (lane.y1 - lane.y0)
                  : (lane.y0 + lane.y1) / 2;
                var dot = document.createElementNS(SVG, 'circle');
                dot.setAttribute('cx', x); dot.setAttribute('cy', y); dot.setAttribute('r', 3.5);
                dot.setAttribute('fill', lane.c); dot.setAttribute('class', 'cursor-dot');
                dots.appendChild(dot);
              });
            });
            showScreen(figure, t);
            var readout = figure.querySelector('.readout'), box = figure.getBoundingClientRect();
            readout.textContent = rows.join('\\n');
            readout.hidden = false;
            var at = event ? { x: event.clientX, y: event.clientY } : cursorPoint(figure, box);
            var left = at.x - box.left + 16;
            if (left + readout.offsetWidth > box.width) {
              left = Math.max(0, at.x - box.left - 16 - readout.offsetWidth);
            }
            readout.style.left = left + 'px';
            readout.style.top = (at.y - box.top + 16) + 'px';
          }
          // Where the cursor line of the figure's first timeline starts on the page.
          function cursorPoint(figure, box) {
            var line = figure.querySelector('svg.tl line.cursor');
            var r = line ? line.getBoundingClientRect() : box;
            return { x: r.left, y: r.top };
          }
          document.querySelectorAll('figure.timeline').forEach(function (figure) {
            figure.querySelectorAll('button[data-zoom]').forEach(function (b) {
              b.addEventListener('click', function () { zoom(figure, +b.dataset.zoom); });
            });
            figure.addEventListener('wheel', function (event) {
              if (!event.ctrlKey) { return; }
              event.preventDefault();
              var z = +(figure.dataset.zoom || 1);
              zoom(figure, event.deltaY < 0 ? Math.min(8, z * 2) : Math.max(1, z / 2));
            }, { passive: false });
            var boxes = figure.querySelectorAll('.tl-scroll');
            boxes.forEach(function (box) {
              box.addEventListener('scroll', function () {
                boxes.forEach(function (other) { if (other !== box) { other.scrollLeft = box.scrollLeft; } });
                keepGutter(box);
              });
            });
            figure.querySelectorAll('svg.tl').forEach(function (svg) {
              svg.addEventListener('mousemove', function (event) { show(figure, svg, event); });
              svg.addEventListener('mouseleave', function () { hide(figure); });
            });
          });
          window.choreoCursor = function (figure, t) { place(figure, t, null); };
        })();
        openTarget();

        """

    private static let stylesheet = """
        :root {
          --fg: #1f2933; --muted: #6b7785; --line: #e3e7ec; --bg: #f4f6f8; --card: #ffffff;
          --pass: #1a7f4b; --pass-bg: #e3f5ea; --fail: #c62828; --fail-bg: #fdeaea; --accent: #2f5fd0;
          --mono: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace;
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg);
          font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        header.top, nav.index, main { max-width: 1180px; margin: 0 auto; padding: 0 20px; }
        header.top { padding-top: 24px; padding-bottom: 8px; }
        .heading { display: flex; align-items: center; justify-content: space-between; gap: 12px; }
        h1 { font-size: 22px; margin: 0; font-weight: 650; }
        .actions button { font: inherit; font-size: 12px; margin-left: 6px; padding: 4px 10px; cursor: pointer;
          border: 1px solid var(--line); border-radius: 6px; background: var(--card); color: var(--fg); }
        .actions button:hover { border-color: var(--muted); }
        .summary { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin: 12px 0 10px; }
        .pill { font-weight: 650; padding: 3px 12px; border-radius: 999px; font-size: 15px; }
        .pill-pass { background: var(--pass-bg); color: var(--pass); }
        .pill-fail { background: var(--fail-bg); color: var(--fail); }
        .pill-zero { background: #eceff3; color: var(--muted); }
        .muted { color: var(--muted); font-weight: normal; }
        .summary .muted { margin-left: 6px; }
        .bar { display: flex; height: 6px; border-radius: 3px; overflow: hidden; background: #eceff3; }
        .bar-pass { background: #34a36b; }
        .bar-fail { background: #e05252; }
        nav.index table { width: 100%; margin: 14px 0 4px; }
        table { border-collapse: collapse; font-size: 13px; }
        th { text-align: left; font-weight: 600; color: var(--muted); font-size: 12px; padding: 4px 8px;
          border-bottom: 1px solid var(--line); }
        td { padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
        td.num, th.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
        td.file, td.kind { font-family: var(--mono); font-size: 12px; color: var(--muted); }
        nav.index a { color: var(--fg); text-decoration: none; font-weight: 550; }
        nav.index a:hover { color: var(--accent); text-decoration: underline; }
        tr.failed td:first-child, tr.error td:first-child, tr.bad td:first-child {
          color: var(--fail); font-weight: 700; }
        tr.passed td:first-child, tr.ok td:first-child { color: var(--pass); font-weight: 700; }
        .variant { font-family: var(--mono); font-size: 0.82em; font-weight: normal; color: var(--accent);
          background: #edf2fd; padding: 1px 6px; border-radius: 4px; }
        main { padding-top: 10px; padding-bottom: 40px; }
        details.journey { background: var(--card); border: 1px solid var(--line); border-radius: 10px;
          margin: 12px 0; box-shadow: 0 1px 2px rgba(16, 24, 40, 0.05); border-left: 5px solid var(--pass); }
        details.journey.failed, details.journey.error { border-left-color: var(--fail); }
        details.journey > summary { display: flex; flex-wrap: wrap; align-items: baseline; gap: 10px;
          padding: 12px 16px; cursor: pointer; list-style: none; }
        details.journey > summary::-webkit-details-marker { display: none; }
        details.journey > summary::before { content: "▸"; color: var(--muted); width: 10px; }
        details.journey[open] > summary::before { content: "▾"; }
        details.journey[open] > summary { border-bottom: 1px solid var(--line); }
        .badge { font-size: 12px; font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em;
          padding: 2px 8px; border-radius: 4px; background: var(--pass-bg); color: var(--pass); }
        .failed .badge, .error .badge { background: var(--fail-bg); color: var(--fail); }
        summary .name { font-size: 16px; font-weight: 650; }
        summary .meta { margin-left: auto; color: var(--muted); font-size: 12px; font-family: var(--mono); }
        .body { padding: 14px 16px 16px; }
        .failure { background: #fff8f8; border: 1px solid #f3c9c9; border-radius: 8px; padding: 12px 14px;
          margin-bottom: 14px; }
        .failure .message { margin: 0 0 6px; font-size: 15px; font-weight: 600; color: var(--fail);
          white-space: pre-wrap; }
        .failure .where { margin: 0 0 8px; }
        code, pre, .diff, .trace { font-family: var(--mono); font-size: 12.5px; }
        .failure h4 { margin: 10px 0 4px; font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em;
          color: var(--muted); }
        .failure h4 .muted { text-transform: none; letter-spacing: 0; font-weight: normal; margin-left: 6px; }
        .compare { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 12px; }
        pre { margin: 0; padding: 8px 10px; border-radius: 6px; overflow-x: auto; white-space: pre-wrap; }
        pre.expected { background: var(--pass-bg); }
        pre.actual { background: var(--fail-bg); }
        .diff, .trace { border: 1px solid var(--line); border-radius: 6px; background: var(--card);
          padding: 4px 0; overflow-x: auto; }
        .diff div, .trace div { white-space: pre-wrap; padding: 0 10px; }
        .diff .del { background: var(--pass-bg); color: #14633a; }
        .diff .add { background: var(--fail-bg); color: #9f1f1f; }
        .diff .same { color: var(--muted); }
        .trace div { color: #3d4852; }
        .trace div:last-child { font-weight: 600; }
        figure.timeline { margin: 0; position: relative; }
        figure.timeline svg { display: block; width: 100%; height: auto; }
        .sweep { margin: 8px 0 12px; font-size: 12px; }
        .sweep-title { margin-bottom: 4px; }
        .sweep-strip { display: flex; gap: 1px; height: 14px; }
        .sweep-strip span { flex: 1 1 0; min-width: 1px; background: #2f9e67; }
        .sweep-strip span.failed { background: #d64545; }
        .sweep-axis { display: flex; justify-content: space-between; color: var(--muted); }
        .sweep-curve { display: block; width: 100%; height: 60px; margin-top: 4px; }
        .sweep-curve-label { color: var(--muted); font-family: ui-monospace, monospace; }
        .tl-tools { display: flex; align-items: center; gap: 6px; margin: 0 0 6px; font-size: 12px; }
        .tl-tools button { font: inherit; padding: 1px 8px; cursor: pointer; border: 1px solid var(--line);
          border-radius: 5px; background: var(--card); color: var(--fg); }
        .tl-tools button.on { border-color: var(--accent); background: #edf2fd; color: var(--accent); }
        .tl-tools .hint { margin-left: 8px; font-size: 11.5px; }
        .tl-scroll { overflow-x: auto; }
        details.loops { margin-top: 6px; border-top: 1px solid var(--line); padding-top: 4px; }
        details.loops > summary { cursor: pointer; color: var(--muted); font-size: 13px; font-weight: 600; }
        details.loops > summary .muted { font-weight: normal; font-family: var(--mono); font-size: 11.5px; }
        .readout { position: absolute; z-index: 2; pointer-events: none; white-space: pre; font-family: var(--mono);
          font-size: 11.5px; background: rgba(255, 255, 255, 0.96); border: 1px solid #c9d1da; border-radius: 6px;
          padding: 4px 8px; box-shadow: 0 2px 6px rgba(16, 24, 40, 0.12); }
        .readout[hidden] { display: none; }
        details.steps { margin-top: 10px; }
        details.steps > summary { cursor: pointer; color: var(--muted); font-size: 13px; }
        details.steps table { width: 100%; margin-top: 6px; }
        tr.bad td { background: var(--fail-bg); }
        .empty { color: var(--muted); }
        svg.tl text { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif;
          font-size: 11.5px; fill: #3d4852; }
        svg.tl text.mono { font-family: var(--mono); font-size: 11px; }
        svg.tl text.path { font-weight: 600; font-size: 12px; }
        svg.tl text.row { font-size: 11.5px; fill: var(--muted); font-weight: 600; }
        svg.tl text.small { font-size: 10.5px; fill: var(--muted); }
        svg.tl text.halo { paint-order: stroke; stroke: #ffffff; stroke-width: 3px; stroke-linejoin: round; }
        svg.tl text.fail { fill: var(--fail); font-weight: 700; }
        svg.tl .grid { stroke: #edf0f3; stroke-width: 1; }
        svg.tl .axis { stroke: #9aa5b1; stroke-width: 1; }
        svg.tl .lane-alt { fill: #fafbfc; }
        svg.tl .gutter-bg { fill: #ffffff; }
        svg.tl .tick { stroke: #aab4bf; stroke-width: 1; }
        svg.tl .tick.fail, svg.tl .failline { stroke: var(--fail); }
        svg.tl .failline { stroke-width: 1.5; stroke-dasharray: 5 4; }
        svg.tl .guide { stroke: #d3dae2; stroke-width: 1; }
        svg.tl .hit { fill: transparent; }
        svg.tl .label-bg { fill: #ffffff; }
        svg.tl .mark:hover { opacity: 0.7; }
        svg.tl .zx line, svg.tl .zx polyline { vector-effect: non-scaling-stroke; }
        svg.tl .expect .tol { stroke-width: 2; stroke-linecap: round; }
        svg.tl .expect .target { fill: #ffffff; stroke-width: 2; }
        svg.tl .expect.pass .tol, svg.tl .expect.pass .target { stroke: var(--pass); }
        svg.tl .expect.fail .tol, svg.tl .expect.fail .target { stroke: var(--fail); }
        svg.tl .expect.fail .target { fill: var(--fail-bg); }
        svg.tl .expect:hover .target { stroke-width: 3; }
        section.overlays { margin: 12px 0; }
        details.overlay { background: var(--card); border: 1px solid var(--line); border-radius: 10px;
          padding: 10px 16px; margin-bottom: 10px; }
        details.overlay > summary { cursor: pointer; }
        p.legend span { margin-right: 14px; font-size: 12.5px; }
        p.legend i { display: inline-block; width: 14px; height: 3px; margin-right: 5px; vertical-align: middle; }
        figure.overlay { margin: 6px 0; } figure.overlay figcaption { font-weight: 600; font-size: 12px; }
        svg.overlay-chart { max-width: 100%; height: auto; }
        svg.overlay-chart text { font-size: 11px; fill: var(--muted); }
        svg.overlay-chart .axis { stroke: #9aa5b1; stroke-width: 1; }
        .with-screen { display: grid; grid-template-columns: minmax(0, 1fr) 214px; gap: 14px; align-items: start; }
        figure.screen-pane { margin: 8px 0 0; position: sticky; top: 8px; text-align: center; font-size: 12px;
          color: var(--muted); }
        figure.screen-pane img { width: 196px; display: block; margin: 0 auto 4px; border: 1px solid var(--line);
          border-radius: 22px; background: #ffffff; }
        details.film { margin-top: 10px; }
        details.film > summary { cursor: pointer; color: var(--muted); font-size: 13px; }
        .strip { display: flex; gap: 6px; overflow-x: auto; padding: 6px 0; }
        .strip figure { margin: 0; text-align: center; font-size: 11px; color: var(--muted); flex: none; }
        .strip img { width: 88px; display: block; border: 1px solid var(--line); border-radius: 10px; }
        img.thumb { width: 40px; display: block; border: 1px solid var(--line); border-radius: 5px; }
        svg.tl line.cursor { stroke: #1f2933; stroke-width: 1; pointer-events: none; }
        svg.tl .cursor-dot { stroke: #ffffff; stroke-width: 1.5; pointer-events: none; }

        """
}
