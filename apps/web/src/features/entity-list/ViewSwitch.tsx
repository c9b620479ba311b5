import type { ReactNode } from 'react';
import { useId } from 'react';
import classes from './ViewSwitch.module.css';

export interface ViewSwitchOption<V extends string> {
  value: V;
  label: string;
  icon: ReactNode;
}

/**
 * The list's view switch: radio buttons drawn as segments. Mantine's SegmentedControl measured
 * its indicator's place in the list's first commit, which laid the whole page out inside the
 * longest task of a slow phone's load (~50 ms at 4× CPU; issue 20, Total Blocking Time); here
 * the chosen segment is drawn by CSS alone.
 */
export function ViewSwitch<V extends string>(props: {
  label: string;
  value: V;
  options: readonly ViewSwitchOption<V>[];
  onChange(value: V): void;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={props.label} className={classes.root}>
      {props.options.map((option) => (
        <label key={option.value} className={classes.option}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={option.value}
            checked={option.value === props.value}
            onChange={() => props.onChange(option.value)}
          />
          <span aria-hidden style={{ display: 'inline-flex' }}>
            {option.icon}
          </span>
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
