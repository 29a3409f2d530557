import numpy as np
import cv2
import mediapipe as mp
import os

mp_draw = mp.solutions.drawing_utils
mp_hand = mp.solutions.hands
mp_styles = mp.solutions.drawing_styles

#run the hand detector on one frame
def run_detector (frame,detector):
    frame = cv2.cvtColor(frame, cv2.COLOR_BGR2RGB)
    frame.flags.writeable = False #read-only while detecting
    found = detector.process(frame) #landmarks
    frame.flags.writeable = True #writable again
    frame= cv2.cvtColor(frame, cv2.COLOR_RGB2BGR) #back to BGR
    return frame, found

#overlay landmarks and connections
def overlay(frame, found):
    if found.multi_hand_landmarks: #any hand?
        for lm in found.multi_hand_landmarks:
            mp_draw.draw_landmarks(
                frame, 
                lm, 
                mp_hand.HAND_CONNECTIONS, 
                mp_styles.get_default_hand_landmarks_style(), 
                mp_styles.get_default_hand_connections_style(),
            )

#flatten the first hand's landmarks
def hand_vector(found):
    if found.multi_hand_landmarks:
        v=np.array([[p.x,p.y,p.z] for p in found.multi_hand_landmarks[0].landmark]).flatten()
        return v
    #63 values when a hand is seen
    else:
        return np.zeros(21*3)
    #otherwise 63 zeros (21 points, x y z)


#where takes are stored and how many
KP_ROOT = os.path.join('kp_data') #one folder per sign
signs = ['A','B','C'] #signs to learn
takes_per_sign = 30 #recorded takes per sign
frames_per_take = 30 #frames in every take
