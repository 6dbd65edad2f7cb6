#!/usr/bin/env python3
"""json_equal.py PT.json OURS.json: the two documents parse to the same value (pt-query-digest's
key order is Perl's hash order, which changes from run to run). Prints the differences."""
import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
def diff(x,y,path=""):
    out=[]
    if isinstance(x,dict) and isinstance(y,dict):
        for k in sorted(set(x)|set(y)):
            if k not in x: out.append(f"{path}/{k}: only ours {y[k]!r:.80}")
            elif k not in y: out.append(f"{path}/{k}: only pt {x[k]!r:.80}")
            else: out+=diff(x[k],y[k],f"{path}/{k}")
    elif isinstance(x,list) and isinstance(y,list) and len(x)==len(y):
        for i,(p,q) in enumerate(zip(x,y)): out+=diff(p,q,f"{path}[{i}]")
    elif x!=y: out.append(f"{path}: pt {x!r:.60} ours {y!r:.60}")
    return out
d=diff(a,b)
print(len(d), "differences"); print("\n".join(d[:12]))
sys.exit(1 if d else 0)
