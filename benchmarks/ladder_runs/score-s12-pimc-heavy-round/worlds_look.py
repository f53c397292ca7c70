import time
from cardtable.agents import make_agent, decide
from cardtable.core import new_state, Rng
for spec in ["pimc:time=0.05,clock=cpu", "pimc:time=0.05,clock=cpu,rollout=heavy,stop=round", "pimc:time=0.05,clock=cpu,stop=round","pimc:time=0.05,clock=cpu,rollout=heavy,stop=round,value=margin","pimc:time=0.05,clock=cpu,rollout=heavy,cutoff=0"]:
    bot = make_agent(spec)
    st = new_state("score", 3, seed=5); rng = Rng(3); its=[]; n=0
    g = make_agent("greedy")
    while not st.is_terminal() and n < 120:
        seat = st.to_act()[0]
        if len(st.legal_action_ids(seat))>1 and n%6==0:
            decide(bot, st, seat, rng); its.append(bot.last_iterations)
        st.apply(seat, decide(g, st, seat, rng)); n+=1
    its.sort(); print(spec, len(its), its[len(its)//2], its[0], its[-1])
