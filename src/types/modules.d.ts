declare module '@bprogress/core/css';
