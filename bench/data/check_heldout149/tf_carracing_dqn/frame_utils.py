import cv2
import numpy as np

def process_state_image(state):
    state = cv2.cvtColor(state, cv2.COLOR_BGR2GRAY)
    state = state.astype(float)
    state /= 255.0
    return state

def generate_state_frame_stack_from_queue(deque):
    stacked = np.array(deque)
    # put the stack axis last: (stack, h, w) -> (h, w, stack)
    return np.transpose(stacked, (1, 2, 0))
