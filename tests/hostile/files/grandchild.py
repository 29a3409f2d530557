# leaves a grandchild that holds this script's stdout and stderr open, then exits
import subprocess
import sys

subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
print("started")
