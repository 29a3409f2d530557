import gym
import torch
import torch.nn as nn
import torch.optim as optim
from torch.autograd import Variable
import numpy as np
import gc
import resource
import sys
import model


# settings
disc = .99 # reward discount
gae_lam = .97 # GAE smoothing factor
accum_rounds = 3 # rollout rounds whose gradients are summed before one update
env_count = 20 # environments stepped one after another (no threads here)
steps_cap = 15 # step cap for one rollout in one environment
value_w = .5 # weight of the critic term
ent_w = 0.01 # weight of the entropy term
clip_at = 0.5 # gradient norm clip
step_budget = 80e6 # environment steps before stopping
step_size = 1e-2/accum_rounds/env_count # dividing here stands in for averaging the summed gradient

weights_path = "net_state_dict.p"
opt_path = "optim_state_dict.p"

resume_run = False
show = False
if len(sys.argv) > 1:
    resume_run = bool(sys.argv[1])
    if len(sys.argv) > 2:
        show = bool(sys.argv[2])


def shrink(frame):
    """
    Turns a Pong frame into a small binary vector (the classic Karpathy recipe).
    """
    frame = frame[35:195] # keep the play field
    frame = frame[::2,::2,0] # halve both sides, one channel
    frame[frame == 144] = 0 # remove background colour one
    frame[frame == 109] = 0 # remove background colour two
    frame[frame != 0] = 1 # paddles and ball become 1
    return frame.ravel()

def backfill(seq, factor, ends):
    """
    Discounted running sums; ends marks where a rollout stops.
    """
    out = [0]*len(seq)
    acc = 0
    for k in reversed(range(len(seq))):
        if ends[k] == 1: acc = 0
        acc = acc*factor + seq[k]
        out[k] = acc
    return out

def renorm(probs):
    """
    Rounds a probability vector and forces it to sum to exactly one.
    """
    fixed = [0]*len(probs)
    acc = 0
    for k in range(len(probs)-1):
        fixed[k] = round(probs[k], 4)
        acc += fixed[k]
    fixed[-1] = 1-acc
    return fixed
    
# environments
env_list = [gym.make("Pong-v0") for k in range(env_count)]
for k,env in enumerate(env_list):
    env.seed(k)
last_frames = [env.reset() for env in env_list] # where each environment left off
last_prev = [0 for k in range(env_count)]

# network and optimiser
n_moves = 2 # Pong uses two moves here
probe = shrink(last_frames[0]) # vector form of one frame
policy = model.Model(probe.shape[0], n_moves) 
opt = optim.Adam(policy.parameters(), lr=step_size)

if resume_run:
    policy.load_state_dict(torch.load(weights_path))
    opt.load_state_dict(torch.load(opt_path))

opt.zero_grad()

# helper layers
log_sm = nn.LogSoftmax()
sm = nn.Softmax()
sq_err = nn.MSELoss()

# rollout storage
moves, frames_seen, gains, critic_vals, advs, ends = [], [], [], [], [], []
ep_return = 0
mean_return = 0
return_sum = 0
return_n = 0
mean_loss = None
round_no, update_no = 0, 0
steps_done = 0 # environment steps so far

policy.train(mode=False)

while steps_done < step_budget:

    for k,env in enumerate(env_list):
        cur = last_frames[k]
        before = last_prev[k]
        
        for t in range(steps_cap):
            steps_done+=1

            if show and k == 0: env.render()

            # frame difference as input
            cur = shrink(cur)
            diff = cur-before # motion information
            before = cur
            frames_seen.append(diff) # kept for the update below

            # choose a move
            diff = torch.from_numpy(diff).view(1,-1).float()
            x_in = Variable(diff)
            v_est, logits = policy.forward(x_in, requires_value=True)
            p_moves = sm(logits)
            p_vec = renorm(p_moves.data.tolist()[0]) # probabilities as a list
            move = np.random.choice(n_moves, p=p_vec) # sample a move
            moves.append(move) 

            cur, rew, finished, extra = env.step(move+2) # Pong move ids are 2 and 3
            
            v_est = v_est.data.squeeze()[0]
            if t != 0:
                advs.append(gains[-1]+disc*v_est-critic_vals[-1]) # advantage of the step before
                ends.append(0) # not a rollout end
            critic_vals.append(v_est)
            gains.append(rew)

            if finished or t==steps_cap-1 or gains[-1] != 0: # rollout ends here

                if gains[-1] == 0: # no point scored (Pong)
                    advs.append(0) # bootstrap: V(t)-V(t)
                    gains[-1] = critic_vals[-1] # bootstrapped target for the critic

                else: # a point was scored
                    advs.append(gains[-1]-critic_vals[-1]) 

                    # running return statistics
                    if return_n < 100:
                        return_sum += gains[-1]
                        return_n += 1
                        mean_return = return_sum/float(return_n)
                    else:
                        mean_return = .99*mean_return + .01*gains[-1]

                ends.append(1) # rollout end
                if finished: 
                    cur = env.reset()
                    before = 0

                # remember where this environment stopped
                last_frames[k] = cur 
                last_prev[k] = before
                break
                
                
    policy.train(mode=True)
    round_no += 1
    print("steps="+str(steps_done),"| round", round_no, "| mean return:", mean_return, "| mean move:", np.mean(moves))

    gains = backfill(gains, disc, ends) # discounted returns
    t_gains = Variable(torch.FloatTensor(gains))

    advs = backfill(advs, disc*gae_lam, ends) # GAE
    advs = Variable(torch.FloatTensor(advs))

    t_frames = Variable(torch.from_numpy(np.asarray(frames_seen)).float())
    critic_vals, logits_all = policy.forward(t_frames, requires_value=True)
    log_p = log_sm(logits_all)
    chosen_log_p = log_p[list(range(len(moves))),moves] # log-probs of the moves taken
    pg_loss = -torch.mean(chosen_log_p*advs) # policy gradient term

    v_loss = value_w*sq_err(critic_vals.squeeze(), t_gains)
 
    ent = -ent_w*torch.mean(sm(logits_all)*log_p) 

    """
    The entropy bonus keeps the policy from collapsing onto one move too
    early. It is largest when the move probabilities are even, so it is
    subtracted from the loss that gradient descent minimises.
    (Getting the sign right took a while.)
    
    
    
    
    
    """

    total = pg_loss + v_loss - ent
    total.backward()
    policy.check_grads() # look for NaN gradients
    
    mean_loss = total.data.squeeze()[0] if mean_loss == None else .99*mean_loss + .01*total.data.squeeze()[0]

    if round_no % accum_rounds == 0:
        update_no += 1
        gnorm = nn.utils.clip_grad_norm(policy.parameters(), clip_at) # clip large gradients so one update cannot wreck the policy
        opt.step()
        opt.zero_grad()
        print("Update", update_no, "| mean return:", mean_return, "| mean loss:",mean_loss, "| norm:", gnorm)
        print("pg:", pg_loss.data[0], "| value:", v_loss.data[0], "| entropy",ent.data[0])
        torch.save(policy.state_dict(), weights_path)
        torch.save(opt.state_dict(), opt_path)

        # print peak memory
        gc.collect()
        peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print("Peak RSS: {:.2f} MB".format(peak_rss / 1024))
    
    ep_return = 0
    moves, frames_seen, gains, critic_vals, advs, ends = [], [], [], [], [], []
    policy.train(mode=False)
