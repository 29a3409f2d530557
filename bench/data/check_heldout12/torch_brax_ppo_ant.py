import collections
from datetime import datetime
import functools, math, time
from typing import Any, Callable, Dict, Optional, Sequence

from brax import envs
from brax.envs import to_torch
import gym
import torch
from torch import nn, optim
import torch.nn.functional as F

warmup_t = torch.ones(1, device='cuda')

class PpoAgent(nn.Module):
  def __init__(self, pi_sizes: Sequence[int], v_sizes: Sequence[int],
               ent_coef: float, gamma: float, rew_scale: float, dev: str):
    super(PpoAgent, self).__init__()
    pi_list = []
    for d_in, d_out in zip(pi_sizes, pi_sizes[1:]):
      pi_list.append(nn.Linear(d_in, d_out))
      pi_list.append(nn.SiLU())
    pi_list.pop()  # no activation after the last layer
    self.pi_net = nn.Sequential(*pi_list)
    v_list = []
    for d_in, d_out in zip(v_sizes, v_sizes[1:]):
      v_list.append(nn.Linear(d_in, d_out))
      v_list.append(nn.SiLU())
    v_list.pop()  # no activation after the last layer
    self.v_net = nn.Sequential(*v_list)
    self.n_seen = torch.zeros((), device=dev)
    self.obs_mean = torch.zeros(pi_sizes[0], device=dev)
    self.obs_var_sum = torch.zeros(pi_sizes[0], device=dev)
    self.ent_coef = ent_coef
    self.gamma = gamma
    self.rew_scale = rew_scale
    self.gae_lambda = 0.95
    self.clip_eps = 0.3
    self.dev = dev
  @torch.jit.export
  def split_loc_scale(self, out_logits):
    """Split logits into mean and positive scale (tanh-squashed Gaussian, hand-rolled for TorchScript)."""
    mu, sigma = torch.split(out_logits, out_logits.shape[-1] // 2, dim=-1)
    sigma = F.softplus(sigma) + .001
    return mu, sigma
  @torch.jit.export
  def sample_raw(self, mu, sigma):
    return torch.normal(mu, sigma)
  @classmethod
  def squash(cls, z):
    return torch.tanh(z)
  @torch.jit.export
  def squashed_entropy(self, mu, sigma):
    log_norm = 0.5 * math.log(2 * math.pi) + torch.log(sigma)
    ent = 0.5 + log_norm
    ent = ent * torch.ones_like(mu)
    sample_z = torch.normal(mu, sigma)
    log_jac = 2 * (math.log(2) - sample_z - F.softplus(-2 * sample_z))
    ent = ent + log_jac
    return ent.sum(dim=-1)
  @torch.jit.export
  def squashed_log_prob(self, mu, sigma, sample_z):
    log_unnorm = -0.5 * ((sample_z - mu) / sigma).square()
    log_norm = 0.5 * math.log(2 * math.pi) + torch.log(sigma)
    log_jac = 2 * (math.log(2) - sample_z - F.softplus(-2 * sample_z))
    logp = log_unnorm - log_norm - log_jac
    return logp.sum(dim=-1)
  @torch.jit.export
  def update_obs_stats(self, obs):
    self.n_seen += obs.shape[0] * obs.shape[1]
    diff_old = obs - self.obs_mean
    mean_step = torch.sum(diff_old / self.n_seen, dim=(0, 1))
    self.obs_mean = self.obs_mean + mean_step
    diff_new = obs - self.obs_mean
    var_step = torch.sum(diff_new * diff_old, dim=(0, 1))
    self.obs_var_sum = self.obs_var_sum + var_step
  @torch.jit.export
  def norm_obs(self, obs):
    var_est = self.obs_var_sum / (self.n_seen + 1.0)
    var_est = torch.clip(var_est, 1e-6, 1e6)
    return ((obs - self.obs_mean) / var_est.sqrt()).clip(-5, 5)
  @torch.jit.export
  def act(self, obs):
    obs = self.norm_obs(obs)
    out_logits = self.pi_net(obs)
    mu, sigma = self.split_loc_scale(out_logits)
    act_t = self.sample_raw(mu, sigma)
    return out_logits, act_t
  @torch.jit.export
  def gae(self, trunc, term, rew, v_seq, v_boot):
    keep_mask = 1 - trunc
    v_next = torch.cat([v_seq[1:], torch.unsqueeze(v_boot, 0)], dim=0)
    td_err = rew + self.gamma * (1 - term) * v_next - v_seq
    td_err *= keep_mask
    running_adv = torch.zeros_like(v_boot)
    vs_delta = torch.zeros_like(keep_mask)
    for ti in range(keep_mask.shape[0]):
      ti = keep_mask.shape[0] - ti - 1
      running_adv = td_err[ti] + self.gamma * (1 - term[ti]) * keep_mask[ti] * self.gae_lambda * running_adv
      vs_delta[ti] = running_adv
    v_target = vs_delta + v_seq
    v_target_next = torch.cat([v_target[1:], torch.unsqueeze(v_boot, 0)], 0)
    adv = (rew + self.gamma * (1 - term) * v_target_next - v_seq) * keep_mask
    return v_target, adv
  @torch.jit.export
  def ppo_loss(self, batch_td: Dict[str, torch.Tensor]):
    obs = self.norm_obs(batch_td['observation'])
    pi_logits_new = self.pi_net(obs[:-1])
    v_pred = self.v_net(obs)
    v_pred = torch.squeeze(v_pred, dim=-1)
    v_boot = v_pred[-1]
    v_pred = v_pred[:-1]
    rew = batch_td['reward'] * self.rew_scale
    term = batch_td['done'] * (1 - batch_td['truncation'])
    mu, sigma = self.split_loc_scale(batch_td['logits'])
    logp_old = self.squashed_log_prob(mu, sigma, batch_td['action'])
    mu, sigma = self.split_loc_scale(pi_logits_new)
    logp_new = self.squashed_log_prob(mu, sigma, batch_td['action'])
    with torch.no_grad():
      v_target, adv = self.gae(trunc=batch_td['truncation'], term=term,
          rew=rew, v_seq=v_pred, v_boot=v_boot)
    ratio = torch.exp(logp_new - logp_old)
    surr_a = ratio * adv
    surr_b = ratio.clip(1 - self.clip_eps, 1 + self.clip_eps) * adv
    pi_loss = -torch.mean(torch.minimum(surr_a, surr_b))
    v_err = v_target - v_pred
    value_loss = torch.mean(v_err * v_err) * 0.5 * 0.5
    ent = torch.mean(self.squashed_entropy(mu, sigma))
    ent_loss = self.ent_coef * -ent
    return pi_loss + value_loss + ent_loss

Transition = collections.namedtuple('StepData', ('observation', 'logits', 'action', 'reward', 'done', 'truncation'))

def map_fields(fn: Callable[..., torch.Tensor], *tuples) -> Transition:
  fields = {}
  field_names = tuples[0]._asdict().keys()
  for kname in field_names:
    fields[kname] = fn(*[collected._asdict()[kname] for collected in tuples])
  return Transition(**fields)

def eval_rollout(ppo_agent, sim_env, n_steps_eval):
  obs = sim_env.reset()
  n_done_eps = torch.zeros((), device=ppo_agent.dev)
  reward_sum = torch.zeros((), device=ppo_agent.dev)
  for _ in range(n_steps_eval):
    _, act_t = ppo_agent.act(obs)
    obs, rew, done_t, _ = sim_env.step(PpoAgent.squash(act_t))
    n_done_eps += torch.sum(done_t)
    reward_sum += torch.sum(rew)
  return n_done_eps, reward_sum / n_done_eps

def collect_rollouts(ppo_agent, sim_env, obs, n_unrolls, unroll_len):
  collected = Transition([], [], [], [], [], [])
  for _ in range(n_unrolls):
    chunk = Transition([obs], [], [], [], [], [])
    for _ in range(unroll_len):
      out_logits, act_t = ppo_agent.act(obs)
      obs, rew, done_t, info_d = sim_env.step(PpoAgent.squash(act_t))
      chunk.observation.append(obs)
      chunk.logits.append(out_logits)
      chunk.action.append(act_t)
      chunk.reward.append(rew)
      chunk.done.append(done_t)
      chunk.truncation.append(info_d['truncation'])
    chunk = map_fields(torch.stack, chunk)
    collected = map_fields(lambda z, yv: z + [yv], collected, chunk)
  batch_td = map_fields(torch.stack, collected)
  return obs, batch_td

def train_ppo(
    env_id: str = 'ant', n_envs: int = 2048, ep_len: int = 1000,
    dev: str = 'cuda', total_budget: int = 30_000_000, n_evals: int = 10,
    unroll_len: int = 5, batch_n: int = 1024, n_minibatches: int = 32,
    n_update_epochs: int = 4, rew_scale: float = .1, ent_coef: float = 1e-2,
    gamma: float = .97, lr_value: float = 3e-4,
    report_fn: Optional[Callable[[int, Dict[str, Any]], None]] = None,
):
  gym_id = f'brax-{env_id}-v0'
  if gym_id not in gym.envs.registry.env_specs:
    make_entry = functools.partial(envs.create_gym_env, env_name=env_id)
    gym.register(gym_id, entry_point=make_entry)
  sim_env = gym.make(gym_id, batch_size=n_envs, episode_length=ep_len)
  sim_env = to_torch.JaxToTorchWrapper(sim_env, device=dev)
  sim_env.reset()
  act_t = torch.zeros(sim_env.action_space.shape).to(dev)
  sim_env.step(act_t)
  pi_sizes = [sim_env.observation_space.shape[-1], 64, 64, sim_env.action_space.shape[-1] * 2]
  v_sizes = [sim_env.observation_space.shape[-1], 64, 64, 1]
  ppo_agent = PpoAgent(pi_sizes, v_sizes, ent_coef, gamma, rew_scale, dev)
  ppo_agent = torch.jit.script(ppo_agent.to(dev))
  adam_optimizer = optim.Adam(ppo_agent.parameters(), lr=lr_value)
  steps_per_s = 0
  steps_done = 0
  loss_sum = 0
  for eval_k in range(n_evals + 1):
    if report_fn:
      t0 = time.time()
      with torch.no_grad():
        eps_count, reward_sum = eval_rollout(ppo_agent, sim_env, ep_len)
      took = time.time() - t0
      mean_ep_len = sim_env.num_envs * ep_len / eps_count
      eval_rate = sim_env.num_envs * ep_len / took
      report = {
          'eval/episode_reward': reward_sum, 'eval/completed_episodes': eps_count,
          'eval/avg_episode_length': mean_ep_len, 'speed/sps': steps_per_s,
          'speed/eval_sps': eval_rate, 'losses/total_loss': loss_sum,
      }
      report_fn(steps_done, report)
    if eval_k == n_evals:
      break
    obs = sim_env.reset()
    steps_per_epoch = batch_n * n_minibatches * unroll_len
    n_epochs = total_budget // (steps_per_epoch * n_evals)
    n_unrolls = batch_n * n_minibatches // sim_env.num_envs
    loss_sum = 0
    t0 = time.time()
    for _ in range(n_epochs):
      obs, batch_td = collect_rollouts(ppo_agent, sim_env, obs, n_unrolls, unroll_len)
      def flatten_time(data_t):
        data_t = data_t.swapaxes(0, 1)
        return data_t.reshape([data_t.shape[0], -1] + list(data_t.shape[3:]))
      batch_td = map_fields(flatten_time, batch_td)
      ppo_agent.update_obs_stats(batch_td.observation)
      for _ in range(n_update_epochs):
        with torch.no_grad():
          perm_idx = torch.randperm(batch_td.observation.shape[1], device=dev)
          def split_minibatches(data_t):
            data_t = data_t[:, perm_idx]
            data_t = data_t.reshape([data_t.shape[0], n_minibatches, -1] + list(data_t.shape[2:]))
            return data_t.swapaxes(0, 1)
          epoch_batches = map_fields(split_minibatches, batch_td)
        for mb in range(n_minibatches):
          mb_td = map_fields(lambda leaf: leaf[mb], epoch_batches)
          mb_loss = ppo_agent.ppo_loss(mb_td._asdict())
          adam_optimizer.zero_grad()
          mb_loss.backward()
          adam_optimizer.step()
          loss_sum += mb_loss
    took = time.time() - t0
    steps_done += n_epochs * steps_per_epoch
    loss_sum = loss_sum / (n_epochs * n_update_epochs * n_minibatches)
    steps_per_s = n_epochs * steps_per_epoch / took

stamps = [datetime.now()]

def report(steps_per_epoch, report_dict):
  stamps.append(datetime.now())
  print(steps_per_epoch, report_dict['eval/episode_reward'])

train_ppo(report_fn=report)
