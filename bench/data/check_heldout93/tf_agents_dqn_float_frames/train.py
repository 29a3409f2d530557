# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note

import time
import json
import os
import pickle
import sys
import numpy as np

import tensorflow as tf

from tf_agents.agents.trainer import dqn_agent
from tf_agents.environments import tf_py_environment
from tf_agents.networks import q_network
from tf_agents.replay_buffers import tf_uniform_replay_buffer
from tf_agents.drivers import dynamic_step_driver
from tf_agents.utils import common
from tf_agents.policies import epsilon_greedy_policy

import suite_atari_mod as suite_atari


class ArcadeQTrainer:
    """Doc.




    """

    def __init__(self, net_cfg_file='', algo_cfg_file=''):
        """Doc.










        """

        def _read_json(cfg_file):
            assert os.path.exists(
                cfg_file), 'config file not found'
            with open(cfg_file, 'r') as f:
                cfg = json.load(f)
            return cfg

        self.net_cfg = _read_json(net_cfg_file)
        self.algo_cfg = _read_json(algo_cfg_file)

        self.env_name = self.algo_cfg['env_name']
        self.num_iterations = self.algo_cfg['num_iterations']
        self.collect_steps_per_iteration = self.algo_cfg['collect_steps_per_iteration']
        self.n_parallel = self.algo_cfg['parallell_calls']
        self.batch_size = self.algo_cfg['batch_size']
        self.target_update = self.algo_cfg['target_update']
        self.learning_rate = self.algo_cfg['learning_rate']
        self.log_interval = self.algo_cfg['log_interval']
        self.eval_frames = self.algo_cfg['n_eval_steps']
        self.eval_interval = self.algo_cfg['eval_interval']

        self.py_env_train = suite_atari.load(
            environment_name=self.env_name, eval_env=False)
        self.py_env_eval = suite_atari.load(
            environment_name=self.env_name, eval_env=True)
        self.train_env = tf_py_environment.TFPyEnvironment(self.py_env_train)
        self.eval_env = tf_py_environment.TFPyEnvironment(self.py_env_eval)

        self.obs_sig = self.train_env.observation_spec()
        self.act_sig = self.train_env.act_sig()
        self.ts_sig = self.train_env.time_step_spec()

        self.q_net = q_network.QNetwork(
            self.obs_sig,
            self.act_sig,
            conv_layer_params=[tuple(c) for c in self.net_cfg['conv_layer_params']],
            fc_layer_params=tuple(self.net_cfg['fc_layer_params']),
            kernel_initializer=tf.keras.initializers.VarianceScaling(scale=1.0, mode='fan_in', distribution='truncated_normal'))

        self.optimizer = tf.compat.v1.train.RMSPropOptimizer(
            learning_rate=self.algo_cfg['learning_rate'],
            momentum=self.algo_cfg['momentum'],
            decay=self.algo_cfg['decay'],
            epsilon=self.algo_cfg['mom_epsilon'])

        # note
        self.rb_len = self.algo_cfg['replay_buffer_max_length']-3
        self.warmup_iters = int(np.ceil(((self.algo_cfg['initial_collect_frames']-3)/self.collect_steps_per_iteration)))

        self.initial_epsilon = self.algo_cfg['initial_epsilon']
        self.final_epsilon = self.algo_cfg['final_epsilon']
        self.explore_frames = self.algo_cfg['final_exploration']

        self.agent = dqn_agent.DqnAgent(
            self.ts_sig,
            self.act_sig,
            q_network=self.q_net,
            optimizer=self.optimizer,
            emit_log_probability=True,
            td_errors_loss_fn=common.element_wise_huber_loss,
            epsilon_greedy=1.0,
            target_update_period=self.target_update,
            gamma=self.algo_cfg['discount'])
        self.agent.initialize()

        self.save_name = self.algo_cfg['save_name']
        self.n_keep = self.algo_cfg['keep_n_models']
        self.log = {}

        self.best_mean = (0, 0)  # note
        self.best_peak = (0, 0)  # note

        # note
        self.eval_policy = epsilon_greedy_policy.EpsilonGreedyPolicy(
            policy=self.agent.policy,
            epsilon=self.algo_cfg['eval_epsilon'])

        # note
        self.replay_buffer = None
        self.rb_ckpt = None
        self.driver = None


    def act(self, obs):
        """Doc.










        """
        return self.eval_policy.action(obs)


    def _play_once(self,steps):
        """Doc.



        """
        ep_total = 0.0
        time_step = self.eval_env.reset()
        while not time_step.is_last():
            action_step = self.act(time_step)
            time_step = self.eval_env.step(action_step.action)
            ep_total += time_step.reward.numpy()[0]
            steps += 1
            if steps >= self.eval_frames:
                return True, None, None
        return False, steps, ep_total


    def score_agent(self):
        """Doc.







        """
        steps = 0
        scores = []

        # note
        # note
        done, steps, one_score = self._play_once(steps)
        scores.append(one_score)

        while True and not done:
            done, steps, one_score = self._play_once(steps)
            if done:
                return np.average(scores), np.max(scores)
            scores.append(one_score)


    def _store_weights(self, step):
        """Doc.


        """
        q_file = os.path.join(
            os.getcwd(), 'q_ckpts', self.save_name + '-' + str(step) + '-online')
        with open(q_file, 'wb') as f:
            pickle.dump(self.q_net.get_weights(), f)
        tgt_file = os.path.join(
            os.getcwd(), 'q_ckpts', self.save_name + '-' + str(step) + '-frozen')
        with open(tgt_file, 'wb') as f:
            pickle.dump(self.agent._target_q_network.get_weights(), f)
        # note
        delete = step-(self.eval_interval*self.n_keep)
        if delete > 0 and self.best_mean[0] != delete and self.best_peak[0] != delete:
            self._drop_weights(delete)


    def _restore_weights(self, step):
        """Doc.

        """
        q_file = os.path.join(
            os.getcwd(), 'q_ckpts', self.save_name + '-' + str(step) + '-online')
        with open(q_file, 'rb') as f:
            w_online = pickle.load(f)
        tgt_file = os.path.join(
            os.getcwd(), 'q_ckpts', self.save_name + '-' + str(step) + '-frozen')
        with open(tgt_file, 'rb') as f:
            w_target = pickle.load(f)
        frames = int(step*self.collect_steps_per_iteration)
        eps_now = self.initial_epsilon - \
            (0.9*frames/self.explore_frames)
        self.agent.collect_policy._epsilon = max(
            self.final_epsilon, eps_now)
        self.q_net.set_weights(w_online)
        self.agent._target_q_network.set_weights(w_target)


    def _drop_weights(self, step):
        """Doc.

        """
        os.remove(os.path.join(os.getcwd(), 'q_ckpts',
                               self.save_name + '-' + str(step) + '-online'))
        os.remove(os.path.join(os.getcwd(), 'q_ckpts',
                               self.save_name + '-' + str(step) + '-frozen'))


    def record_stats(self, t0, prev_elapsed, step, loss, mean_score, peak_score):
        """Doc.



















        """
        t_now = time.time()
        elapsed = t_now - t0 + prev_elapsed
        step = int(step)
        loss = float(loss)
        frames_used = step * self.batch_size * 4

        if step % self.eval_interval == 0:
            # note
            keep = step-(self.eval_interval*(self.n_keep-1))
            if mean_score > self.best_mean[1] and step >= self.eval_interval:
                delete = self.best_mean[0]
                self.best_mean = (step, mean_score)
                # note
                if delete < keep and delete != 0 and delete != self.best_peak[0]:
                    self._drop_weights(delete)
            if peak_score > self.best_peak[1] and step >= self.eval_interval:
                delete = self.best_peak[0]
                self.best_peak = (step, peak_score)
                # note
                if delete < keep and delete != 0 and delete != self.best_mean[0]:
                    self._drop_weights(delete)

        self.log[step] = [elapsed, loss, mean_score, peak_score, frames_used, self.best_mean, self.best_peak]


    def _dump_stats(self):
        """Doc.

        """
        filepath = os.path.join(
            os.getcwd(), 'q_ckpts', self.save_name + '_stats')
        with open(filepath, 'w') as f:
            json.dump(self.log, f)


    def _read_stats(self, step):
        """Doc.

        """
        filepath = os.path.join(
            os.getcwd(), 'q_ckpts', self.save_name + '_stats')
        with open(filepath, 'r') as f:
            log = json.load(f)
        self.log = log
        self.best_mean = (log[str(step)][5][0], log[str(step)][5][1])
        self.best_peak = (log[str(step)][6][0], log[str(step)][6][1])


    def resume_from(self, step):
        """Doc.








        """
        self._restore_weights(step)
        self._read_stats(step)


    def train(self, resume_step=0):
        """Doc.









        """
        tf.compat.v1.enable_v2_behavior()
        time_step = self.train_env.reset()

        start_time = time.time()

        self.replay_buffer = tf_uniform_replay_buffer.TFUniformReplayBuffer(
            data_spec=self.agent.collect_data_spec,
            batch_size=self.train_env.batch_size,
            max_length=self.rb_len)

        self.rb_ckpt = common.Checkpointer(
            ckpt_dir=os.path.join(
                os.getcwd(), 'q_ckpts', self.save_name + '_buffer'),
            max_to_keep=1,
            replay_buffer=self.replay_buffer)

        # note
        self.driver = dynamic_step_driver.DynamicStepDriver(
            self.train_env,
            self.agent.collect_policy,
            observers=[self.replay_buffer.add_batch],
            num_steps=self.collect_steps_per_iteration)

        self.driver.run = common.function(self.driver.run)

        if resume_step:
            self.resume_from(resume_step)
            step = resume_step
            prev_elapsed = self.log[str(resume_step)][0]
            policy_state = self.agent.collect_policy.get_initial_state(
                self.train_env.batch_size)
        else:
            # note
            self.agent.collect_policy._epsilon = self.initial_epsilon
            policy_state = self.agent.collect_policy.get_initial_state(
                self.train_env.batch_size)
            for _ in range(self.warmup_iters):
                time_step, policy_state = self.driver.run(
                    time_step=time_step,
                    policy_state=policy_state)
            step = 0
            prev_elapsed = 0

        self.rb_ckpt.initialize_or_restore()
        # note
        self.rb_ckpt.save(global_step=resume_step)

        dataset = self.replay_buffer.as_dataset(
            num_parallel_calls=self.n_parallel,
            sample_batch_size=self.batch_size,
            num_steps=2).prefetch(self.n_parallel)
        iterator = iter(dataset)

        self.agent.train = common.function(self.agent.train)

        # note
        if resume_step:
            mean_score = self.log[str(resume_step)][2]
            peak_score = self.log[str(resume_step)][3]
        else:
            mean_score, peak_score = self.score_agent()

        explore_done = False

        for _ in range(self.num_iterations-resume_step):

            # note
            time_step, policy_state = self.driver.run(
                time_step=time_step,
                policy_state=policy_state)

            # note
            experience, _aux = next(iterator)

            # note
            loss_val = self.agent.train(experience).loss
            step += 1

            frames = int(step*self.collect_steps_per_iteration)
            # note
            if frames <= self.explore_frames:
                eps_now = self.initial_epsilon - \
                    (0.9*frames/self.explore_frames)
                self.agent.collect_policy._epsilon = max(
                    self.final_epsilon, eps_now)
            elif not explore_done:
                self.agent.collect_policy._epsilon = self.final_epsilon
                explore_done = True

            if step % self.eval_interval == 0 and step != resume_step:
                self._store_weights(step)
                self.rb_ckpt.save(global_step=step)
                mean_score, peak_score = self.score_agent()
                print('iter {}: mean {} best {}'.format(
                    step, mean_score, peak_score))

            if step % self.log_interval == 0:
                print(time.time()-start_time)
                self.record_stats(start_time, prev_elapsed, step,
                              loss_val, mean_score, peak_score)
                if step % self.eval_interval == 0:
                    self._dump_stats()
                print('iter {}: loss {}'.format(step, loss_val))


def main(resume_step):
    """Doc.









    """

    net_cfg = os.path.abspath(os.path.join('.', 'configs', 'net.config'))
    algo_cfg = os.path.abspath(os.path.join('.', 'configs', 'dqn.config'))
    trainer = ArcadeQTrainer(net_cfg, algo_cfg)
    if not os.path.isdir(os.path.join(os.getcwd(), 'q_ckpts')):
        os.makedirs(os.path.join(os.getcwd(), 'q_ckpts'))
    trainer.train(resume_step)


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) == 1:
        main(int(args[0]))
    else:
        main(0)
