#!/usr/bin/env python3
# Distributes every kernel of the PolyBench stand-in greedily (each statement's
# first loop that `check` accepts for distribute) and verifies the mpi target on
# 3 ranks against the original. usage: tests/distribute_sweep.py [BUILD_DIR] [RANKS]
import os, re, subprocess, sys, tempfile
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
P = root + '/tests/data/polybench'
CLI = (sys.argv[1] if len(sys.argv) > 1 else root + '/build') + '/app/loopscape-cli'
RANKS = sys.argv[2] if len(sys.argv) > 2 else '3'
work = tempfile.mkdtemp(prefix='distribute_sweep.')
kernels=[l.strip() for l in open(P+'/kernels.txt') if l.strip() and not l.startswith('#')]
def run(args):
    r=subprocess.run([CLI]+args, capture_output=True, text=True, cwd=P, timeout=600)
    return r.returncode, r.stdout+r.stderr
summary=[]
for k in kernels:
    d=os.path.dirname(k)
    base=[k,'-I','utilities','-I',d,'-DMINI_DATASET']
    rc,out=run(['info']+base)
    stmts=sorted(set(re.findall(r'^\s+(S\d+)\s+\(', out, re.M)), key=lambda s:int(s[1:]))
    # statement loops from the domain line "S0[i, j]"
    loops={}
    for s in stmts:
        m=re.search(r'domain: \{ '+s+r'\[([a-z0-9_, ]*)\]', out)
        loops[s]=[x.strip() for x in m.group(1).split(',')] if m and m.group(1).strip() else []
    script=[]
    for s in stmts:
        for L in loops[s]:
            trial=script+[f'{s}.distribute({L})']
            open(work + '/t.ls','w').write('\n'.join(trial)+'\n')
            rc,_=run(['check']+base+['--script',work + '/t.ls'])
            if rc==0:
                script=trial; break
    if not script:
        summary.append((k,'no distributable loop','')); continue
    open(work + '/'+os.path.basename(k)+'.ls','w').write('\n'.join(script)+'\n')
    rc,out=run(['verify']+base+['utilities/polybench.c','--script',work + '/'+os.path.basename(k)+'.ls','--target','mpi','--ranks',RANKS])
    status='equal' if ': equal' in out else ('ERROR rc=%d'%rc)
    sent=re.search(r'sent: (\d+) bytes',out)
    summary.append((k,status,(sent.group(1) if sent else '')+' '+';'.join(script)))
    if status!='equal': open(work + '/'+os.path.basename(k)+'.log','w').write(out)
    print(k,status,flush=True)
for s in summary: print(*s)
