import { optionsOf, problem, shown, typed } from './wholeNumber';

// The whole-number field as a control of the editor's (Sveltia CMS's custom field types take
// React components; it hands over its own React as window.h and window.createClass).

type Element = unknown;
export type H = (type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]) => Element;

interface FieldMap {
  get(key: string): unknown;
}

interface ControlProps {
  value: unknown;
  field: FieldMap;
  forID: string;
  classNameWrapper: string;
  onChange(value: unknown): void;
}

interface Control {
  props: ControlProps;
  state: { text: string };
  setState(state: { text: string }): void;
  choose(amount: boolean): void;
  type(text: string): void;
}

export type CreateClass = (spec: Record<string, unknown> & ThisType<Control>) => unknown;

const textOf = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? String(value) : '');

export function wholeNumberControl(h: H, createClass: CreateClass): unknown {
  return createClass({
    getInitialState() {
      return { text: textOf(this.props.value) };
    },
    /** Asked by the editor before a save, with the field's value. */
    isValid(value: unknown, field: FieldMap) {
      const said = problem(value, optionsOf(field));
      return said ? { error: { message: said } } : true;
    },
    type(text: string) {
      this.setState({ text });
      this.props.onChange(typed(text));
    },
    choose(amount: boolean) {
      this.props.onChange(amount ? typed(this.state.text) : null);
    },
    render() {
      const { value, field, forID, classNameWrapper } = this.props;
      const { none } = optionsOf(field);
      const isNone = none !== undefined && value === null;
      const input = h('input', {
        id: forID,
        type: 'text',
        inputMode: 'numeric',
        autoComplete: 'off',
        spellCheck: false,
        dir: 'ltr',
        className: classNameWrapper,
        'aria-labelledby': `${forID}-label`,
        value: isNone ? '' : this.state.text,
        disabled: isNone,
        onChange: (event: { target: { value: string } }) => this.type(event.target.value),
      });
      if (none === undefined) return input;
      const radio = (amount: boolean, label: string) =>
        h(
          'label',
          { style: { display: 'flex', alignItems: 'center', gap: '8px', minHeight: '32px' } },
          h('input', {
            type: 'radio',
            name: `${forID}-choice`,
            checked: amount !== isNone,
            onChange: () => this.choose(amount),
          }),
          label,
        );
      return h(
        'div',
        { role: 'radiogroup', 'aria-labelledby': `${forID}-label`, style: { display: 'grid', gap: '4px' } },
        h('div', { style: { display: 'flex', alignItems: 'center', gap: '12px' } }, radio(true, 'Beløb'), input),
        radio(false, none),
      );
    },
  });
}

/** How the value reads in the preview pane. */
export function wholeNumberPreview(h: H) {
  return ({ value, field }: { value: unknown; field: FieldMap }) => h('p', null, shown(value, optionsOf(field)));
}
