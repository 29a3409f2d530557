import urllib.request
import os
import sys
import patoolib

UCF_ARCHIVE_URL = 'http://crcv.ucf.edu/data/UCF101/UCF101.rar'


def report_progress(n_blocks, block_bytes, total_bytes):
    done_bytes = n_blocks * block_bytes
    if total_bytes > 0:
        pct = done_bytes * 1e2 / total_bytes
        msg = "\r%5.1f%% %*d / %d" % (
            pct, len(str(total_bytes)), done_bytes, total_bytes)
        sys.stderr.write(msg)
        if done_bytes >= total_bytes:  # finished
            sys.stderr.write("\n")
    else:  # size not reported by the server
        sys.stderr.write("read %d\n" % (done_bytes,))


def fetch_ucf_archive(data_root):
    rar_path = data_root + '/UCF101.rar'

    if not os.path.exists(data_root):
        os.makedirs(data_root)

    if not os.path.exists(rar_path):
        print('UCF101 archive missing, fetching it')
        urllib.request.urlretrieve(url=UCF_ARCHIVE_URL, filename=rar_path,
                                   reporthook=report_progress)

    print('extracting the UCF101 archive')
    patoolib.extract_archive(rar_path, outdir=data_root)


def list_ucf_videos(data_root, max_dirs):
    videos_dir = data_root + '/UCF-101'

    video_to_class = dict()

    n_class_dirs = 0
    for class_name in os.listdir(videos_dir):
        class_dir = videos_dir + os.path.sep + class_name
        if not os.path.isfile(class_dir):
            n_class_dirs += 1
            for video_file in os.listdir(class_dir):
                video_path = class_dir + os.path.sep + video_file
                video_to_class[video_path] = class_name
        if n_class_dirs == max_dirs:
            break
    return video_to_class


def ensure_ucf_present(data_root):
    ucf_dir = data_root + "/UCF-101"
    if not os.path.exists(ucf_dir):
        fetch_ucf_archive(data_root)


def run():
    data_root = '../very_large_data'
    ensure_ucf_present(data_root)


if __name__ == '__main__':
    run()
