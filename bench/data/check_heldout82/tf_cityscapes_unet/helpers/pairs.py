from helpers.decode import decode_file

def decode_pair(frame_path, label_path):
    frame = decode_file(frame_path)
    label = decode_file(label_path, mask=True)
    return frame, label
