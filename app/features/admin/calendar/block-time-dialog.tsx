/**
 * The Block Time dialog (admin spec §3 "Blocked time", §5, §8): title, description, start and
 * end (Lagos), all staff or one member, block type, paid, recurring and colour (default
 * #ff6b6b) → POST /api/blocked-time; given a block, the same form edits it → PATCH
 * /api/blocked-time/{id}. Validation is the shared `blockedTimeInputSchema`.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { SelectField, TextAreaField, TextField } from "#app/features/admin/kit/fields.tsx";
import { FormDialog } from "#app/features/admin/kit/form-dialog.tsx";
import { serverMessageOr } from "#app/features/admin/kit/use-admin-mutation.ts";
import { useCapabilities } from "#app/features/admin/kit/use-capabilities.ts";
import { useRecordSave } from "#app/features/admin/kit/use-record-save.ts";
import {
  BLOCK_TYPES,
  type BlockedTime,
  type BlockedTimeInput,
  type BlockedTimeValues,
  blockedTimeInputSchema,
  type CalendarStaff,
  DEFAULT_BLOCK_COLOR,
  DEFAULT_BLOCK_TYPE,
} from "#common/calendar.ts";
import { formatLagosWallTime } from "#common/lagos-time.ts";

const FORM_FIELDS = [
  "title",
  "description",
  "startTime",
  "endTime",
  "staffId",
  "blockType",
  "isPaid",
  "isRecurring",
  "color",
] as const;

/** A stored block as the form's values (Lagos 'YYYY-MM-DDTHH:MM' for the datetime inputs). */
function blockValues(block: BlockedTime): BlockedTimeInput {
  return {
    title: block.title,
    description: block.description ?? "",
    startTime: formatLagosWallTime(block.startTime).replace(" ", "T"),
    endTime: formatLagosWallTime(block.endTime).replace(" ", "T"),
    staffId: block.staffId,
    blockType: block.blockType,
    isPaid: block.isPaid,
    isRecurring: block.isRecurring,
    color: block.color,
  };
}

function emptyValues(date: string, staffId: number | null): BlockedTimeInput {
  return {
    title: "",
    description: "",
    startTime: `${date}T12:00`,
    endTime: `${date}T13:00`,
    staffId: staffId ?? null,
    blockType: DEFAULT_BLOCK_TYPE,
    isPaid: false,
    isRecurring: false,
    color: DEFAULT_BLOCK_COLOR,
  };
}

export function BlockTimeDialog({
  open,
  onOpenChange,
  staff,
  defaultDate,
  defaultStaffId,
  block = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  staff: readonly CalendarStaff[];
  defaultDate: string;
  defaultStaffId: number | null;
  /** The block to edit (PATCH); null for a new one (POST). */
  block?: BlockedTime | null;
}) {
  const can = useCapabilities();
  const form = useForm<BlockedTimeInput, unknown, BlockedTimeValues>({
    resolver: zodResolver(blockedTimeInputSchema),
    defaultValues: emptyValues(defaultDate, null),
  });
  const { register, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  const editing = block !== null;
  const save = useRecordSave({
    path: "/api/blocked-time",
    id: block?.id,
    form,
    formFields: FORM_FIELDS,
    texts: {
      created: { title: "Blocked time created successfully!" },
      updated: { title: "Blocked time updated successfully!" },
      createFailed: serverMessageOr("Failed to create blocked time"),
      updateFailed: serverMessageOr("Failed to update blocked time"),
      createFailedTitle: "Failed to create blocked time",
      updateFailedTitle: "Failed to update blocked time",
    },
    onSaved: () => onOpenChange(false),
  });

  useEffect(() => {
    if (open) reset(block ? blockValues(block) : emptyValues(defaultDate, defaultStaffId));
  }, [open, block, defaultDate, defaultStaffId, reset]);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? "Edit Blocked Time" : "Block Time"}
      onSubmit={handleSubmit((values) =>
        save.run({ ...values, description: values.description || null }),
      )}
      dirty={formState.isDirty}
      pending={save.pending}
      submitLabel={editing ? "Save Changes" : "Block Time"}
      pendingLabel="Saving…"
      footerClassName="flex items-end justify-end gap-2 sm:col-span-2"
    >
      <TextField
        label="Title"
        className="sm:col-span-2"
        autoComplete="off"
        error={errors.title?.message}
        {...register("title")}
      />
      <TextAreaField
        label="Description"
        className="sm:col-span-2"
        error={errors.description?.message}
        {...register("description")}
      />
      <TextField
        label="Start"
        type="datetime-local"
        step={1800}
        error={errors.startTime?.message}
        {...register("startTime")}
      />
      <TextField
        label="End"
        type="datetime-local"
        step={1800}
        error={errors.endTime?.message}
        {...register("endTime")}
      />
      <SelectField
        label="Staff Member"
        error={errors.staffId?.message}
        {...register("staffId", {
          setValueAs: (v) => (v === "" || v === null ? null : Number(v)),
        })}
      >
        {can.reach("blockedTime.manage") === "all" && <option value="">All staff</option>}
        {staff.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Block Type" error={errors.blockType?.message} {...register("blockType")}>
        {BLOCK_TYPES.map((t) => (
          <option key={t} value={t}>
            {t[0]?.toUpperCase()}
            {t.slice(1)}
          </option>
        ))}
      </SelectField>
      <label className="flex items-center gap-2 text-sm font-medium text-gray-800">
        <input type="checkbox" className="h-4 w-4" {...register("isPaid")} />
        Paid
      </label>
      <label className="flex items-center gap-2 text-sm font-medium text-gray-800">
        <input type="checkbox" className="h-4 w-4" {...register("isRecurring")} />
        Recurring
      </label>
      <TextField label="Colour" type="color" error={errors.color?.message} {...register("color")} />
    </FormDialog>
  );
}
