/**
 * A drawn signature (issue 31): a canvas that follows a finger, pen or mouse through pointer
 * events, and hands back a small PNG data URL (or null when cleared). Drawing is optional for
 * keyboard and screen-reader users: the typed full name signs on its own, as the label says.
 */
import { useEffect, useRef, useState } from "react";

const WIDTH = 320;
const HEIGHT = 140;

export function SignaturePad({
  onChange,
  labelId,
}: {
  onChange: (dataUrl: string | null) => void;
  /** The id of the visible label of the pad. */
  labelId: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const ctx = canvas.current?.getContext("2d");
    if (!ctx) return;
    ctx.lineWidth = 2.5;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#1f2937";
  }, []);

  function point(e: React.PointerEvent<HTMLCanvasElement>) {
    const c = canvas.current as HTMLCanvasElement;
    const r = c.getBoundingClientRect();
    return {
      x: ((e.clientX - r.left) * c.width) / r.width,
      y: ((e.clientY - r.top) * c.height) / r.height,
    };
  }

  function down(e: React.PointerEvent<HTMLCanvasElement>) {
    const ctx = canvas.current?.getContext("2d");
    if (!ctx) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const p = point(e);
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(p.x + 0.1, p.y + 0.1);
    ctx.stroke();
  }

  function move(e: React.PointerEvent<HTMLCanvasElement>) {
    if (!drawing.current) return;
    const ctx = canvas.current?.getContext("2d");
    if (!ctx) return;
    const p = point(e);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
  }

  function up() {
    if (!drawing.current) return;
    drawing.current = false;
    setDrawn(true);
    onChange(canvas.current?.toDataURL("image/png") ?? null);
  }

  function clear() {
    const c = canvas.current;
    c?.getContext("2d")?.clearRect(0, 0, c.width, c.height);
    setDrawn(false);
    onChange(null);
  }

  return (
    <div className="grid gap-2">
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-labelledby={labelId}
        data-testid="signature-pad"
        className="h-[140px] w-full max-w-[320px] touch-none rounded-md border border-dashed border-gray-500 bg-white"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <div>
        <button
          type="button"
          onClick={clear}
          disabled={!drawn}
          className="rounded-full border border-gray-400 px-4 py-2 text-sm text-gray-800 disabled:opacity-50"
        >
          Clear signature
        </button>
      </div>
    </div>
  );
}
