
from dqn import *
from replacy_Memory import *
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

online_model = DuelingQNet().to(device)
target_model = DuelingQNet().to(device)
target_model.load_state_dict(online_model.state_dict())
target_model.eval()

optimizer = optim.Adam(online_model.parameters(), lr=1e-5)

replay = FrameReplay()


def pick_action(state, eps):
    global step_count
    draw = random.random()
    if draw > eps:
        with torch.no_grad():
            state = state.float() / 255.
            return online_model(state).max(1)[1].view(1, 1)
    else:
        return torch.tensor([[random.randrange(N_ACTIONS)]], device=device, dtype=torch.long)
train_returns = []

avg_window = 100
avg_stride = 1

def save_return_plot(rewards=train_returns, name="Train"):
    plt.figure(2)
    plt.clf()
    plt.title(name)
    plt.xlabel('Episode')
    plt.ylabel('return, 100-episode mean')
    plt.plot(rewards)
    if len(rewards) > avg_window:
        running_avg = np.array([rewards[i:i + avg_window:] for i in range(0, len(rewards) - avg_window, avg_stride)]).mean(1)
        running_avg = np.concatenate((np.zeros(avg_window - 1), running_avg))
        plt.plot(running_avg)
    plt.grid()
    plt.savefig("mean_100ep_rewards.jpg")

BATCH_SIZE = 32
DISCOUNT = 0.99
def learn_step():
    if len(replay) < BATCH_SIZE:
        return
    # draw a minibatch
    sampled = replay.draw_batch(BATCH_SIZE)
    batch = Transition(*zip(*sampled))

    # stack the sampled fields, masking terminal next states
    alive_mask = torch.tensor(tuple(map(lambda s: s is not None,
                                            batch.next_state)), device=device, dtype=torch.uint8)

    alive_next_states = torch.cat([s for s in batch.next_state
                                       if s is not None])
    state_batch = torch.cat(batch.state)

    action_batch = torch.cat(batch.action)
    reward_batch = torch.cat(batch.reward)
    # Q of the actions taken
    state_batch =state_batch.float( ) /255.
    q_taken = online_model(state_batch).gather(1, action_batch)

    # next-state values, double-Q style
    alive_next_states =alive_next_states.float( ) /255.
    q_next = torch.zeros((BATCH_SIZE ,1), device=device)
    best_next_actions = torch.zeros(BATCH_SIZE ,dtype=torch.long, device=device)

    best_next_actions[alive_mask] = online_model(alive_next_states).max(1)[1]
    q_next[alive_mask] = target_model(alive_next_states).gather(1, best_next_actions
        [alive_mask].unsqueeze(1))
    q_next =q_next.squeeze(1)
    # bootstrapped target
    q_target = (q_next * DISCOUNT) + reward_batch

    # smooth L1 between the two
    loss = F.smooth_l1_loss(q_taken, q_target.unsqueeze(1).detach())
    optimizer.zero_grad()
    loss.backward()
    for param in online_model.parameters():
        param.grad.data.clamp_(-1, 1)
    optimizer.step()

    del alive_mask
    del alive_next_states
    del state_batch
    del action_batch
    del reward_batch
    del q_taken
    del q_next
    del q_target
    del loss

frame_tf = T.Compose([T.ToPILImage(),
                    T.Resize( (FRAME_W, FRAME_H), interpolation=Image.CUBIC),
                    T.ToTensor()])

def grab_frame():
    frame = env.render(mode='rgb_array')
    frame = np.dot(frame[...,:3], [0.299, 0.587, 0.114])
    frame = frame[30:195,:]
    frame = np.ascontiguousarray(frame, dtype=np.uint8).reshape(frame.shape[0],frame.shape[1],1)
    return frame_tf(frame).unsqueeze(0).mul(255).type(torch.ByteTensor).to(device).detach()

env.reset()
plt.figure()
plt.imshow(grab_frame().cpu().reshape(-1,84).numpy(),
           interpolation='none')
plt.title('one preprocessed frame')
plt.show()
plt.figure()
plt.imshow(grab_frame().cpu().reshape(-1,84).numpy(),
           interpolation='none')
plt.title('one preprocessed frame')
plt.show()