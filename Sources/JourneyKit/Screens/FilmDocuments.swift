import ChoreoJSON
import Foundation

/// What `journey film` writes beside its SVG frames: a flip-book page, and a film strip (one SVG with every frame
/// side by side, for a README or a review).
public enum FilmDocuments {
    /// The frame files' names, in order: `frame-0001.svg` …
    public static func fileName(_ index: Int) -> String {
        let number = String(index + 1)
        return "frame-" + String(repeating: "0", count: max(0, 4 - number.count)) + number + ".svg"
    }

    /// A page that flips through the frame files beside it: a slider, play and pause, the arrow keys, and each
    /// frame's virtual time. `title` names the journey.
    public static func flipBook(_ frames: [ScreenFilm.Frame], title: String, fps: Int) -> String {
        let times = JSONValue.array(frames.map { .number($0.ms) }).serialized()
        let files = JSONValue.array(frames.indices.map { .string(fileName($0)) }).serialized()
        let interval = max(1, Int((1000 / Double(max(fps, 1))).rounded()))
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(ReportText.escapeMarkup(title, html: true)) — film</title>
            <style>
            body{font:14px -apple-system,Helvetica,Arial,sans-serif;margin:16px;color:#1c1c1e}
            #frame{border:1px solid #c6c6c8;border-radius:12px;display:block;margin:12px 0}
            #time{font-variant-numeric:tabular-nums;margin-left:8px}
            input[type=range]{width:360px;vertical-align:middle}
            </style></head><body>
            <h1>\(ReportText.escapeMarkup(title, html: true))</h1>
            <div><button id="play" type="button">Play</button>
            <input id="slider" type="range" min="0" max="\(max(0, frames.count - 1))" value="0" aria-label="Frame">
            <span id="time"></span></div>
            <img id="frame" width="393" alt="The screen" src="\(frames.isEmpty ? "" : fileName(0))">
            <p>\(frames.count) frames. ← → step one frame; space plays.</p>
            <script>
            const times=\(times), files=\(files);
            const img=document.getElementById('frame'), slider=document.getElementById('slider'),
              label=document.getElementById('time'), play=document.getElementById('play');
            let timer=null;
            function show(i){i=Math.max(0,Math.min(files.length-1,i));slider.value=i;img.src=files[i];
              label.textContent='frame '+(i+1)+' of '+files.length+' · '+(+times[i].toFixed(3))+' ms';}
            function toggle(){if(timer){clearInterval(timer);timer=null;play.textContent='Play';return}
              play.textContent='Pause';timer=setInterval(()=>{const i=+slider.value+1;
              if(i>=files.length){toggle();return}show(i)},\(interval));}
            slider.addEventListener('input',()=>show(+slider.value));
            play.addEventListener('click',toggle);
            document.addEventListener('keydown',e=>{if(e.key==='ArrowRight')show(+slider.value+1);
              else if(e.key==='ArrowLeft')show(+slider.value-1);else if(e.key===' '){e.preventDefault();toggle()}});
            if(files.length)show(0);
            </script></body></html>

            """
    }

    /// Every frame side by side in one SVG, each `frameWidth` pixels wide with its time under it. Each frame's ids
    /// are given a prefix (`f3-gradient1`), so their gradients and blurs stay apart.
    public static func strip(_ frames: [ScreenFilm.Frame], frameWidth: Double, title: String) -> String {
        let gap = 8.0
        let label = 22.0
        var height = frameWidth * 852 / 393
        var body = ""
        for (index, frame) in frames.enumerated() {
            let x = Double(index) * (frameWidth + gap)
            var svg = prefixed(frame.svg, "f\(index + 1)-")
            // The frame's own size and position in the strip; its viewBox keeps its points.
            if let open = svg.range(of: "<svg "), let close = svg.range(of: ">", range: open.upperBound..<svg.endIndex)
            {
                var attributes = String(svg[open.upperBound..<close.lowerBound])
                let viewBox = attribute("viewBox", in: attributes) ?? "0 0 393 852"
                let size = viewBox.split(separator: " ").compactMap { Double($0) }
                if size.count == 4, size[2] > 0 { height = frameWidth * size[3] / size[2] }
                attributes =
                    "x=\"\(number(x))\" y=\"0\" width=\"\(number(frameWidth))\" height=\"\(number(height))\" "
                    + "viewBox=\"\(viewBox)\""
                svg.replaceSubrange(open.lowerBound..<close.upperBound, with: "<svg \(attributes)>")
            }
            body += svg
            body += "<text x=\"\(number(x + frameWidth / 2))\" y=\"\(number(height + 16))\" text-anchor=\"middle\" "
            body += "font-family=\"-apple-system, Helvetica, Arial, sans-serif\" font-size=\"13\" fill=\"#3a3a3c\">"
            body += "\(number(frame.ms)) ms</text>"
        }
        let width = max(0, Double(frames.count) * (frameWidth + gap) - gap)
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(number(width))\" "
            + "height=\"\(number(height + label))\" viewBox=\"0 0 \(number(width)) \(number(height + label))\" "
            + "role=\"img\" aria-labelledby=\"strip-title\"><title id=\"strip-title\">\(ReportText.escapeMarkup(title, html: true))</title>"
            + body + "</svg>\n"
    }

    /// `svg` with every id, and every reference to one, prefixed.
    static func prefixed(_ svg: String, _ prefix: String) -> String {
        svg.replacingOccurrences(of: " id=\"", with: " id=\"\(prefix)")
            .replacingOccurrences(of: "url(#", with: "url(#\(prefix)")
            .replacingOccurrences(of: "aria-labelledby=\"", with: "aria-labelledby=\"\(prefix)")
    }

    static func attribute(_ name: String, in attributes: String) -> String? {
        guard let start = attributes.range(of: "\(name)=\"") else { return nil }
        guard let end = attributes[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(attributes[start.upperBound..<end])
    }

    /// A number as the strip writes it: at most two decimals.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : JSONValue.number(rounded).serialized()
    }
}
