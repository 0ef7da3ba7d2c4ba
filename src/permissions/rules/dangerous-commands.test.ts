import { describe, expect, it } from 'vitest'
import { dangerousCommands, dangersOf } from './dangerous-commands.js'
import { analyseCommand } from './match-command.js'

/** The reasons found in every part of `command`. */
function dangers(command: string): string[] {
  const analysis = analyseCommand(command)
  if (!analysis.ok) throw new Error(`${command} did not parse: ${analysis.problem}`)
  return analysis.parts.flatMap(dangersOf)
}

const reasonOf = (id: string): string => dangerousCommands.find((entry) => entry.id === id)?.reason ?? `no entry ${id}`

describe('the dangerous-command list', () => {
  it('gives every entry a distinct id and a short reason', () => {
    const ids = dangerousCommands.map((entry) => entry.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const entry of dangerousCommands) expect(entry.reason.length).toBeLessThan(120)
  })

  const dangerous: [string, string][] = [
    ['rm -rf /', 'rm-recursive-force'],
    ['rm -r -f build', 'rm-recursive-force'],
    ['rm -fr build', 'rm-recursive-force'],
    ['rm -Rf build', 'rm-recursive-force'],
    ['rm -f -R build', 'rm-recursive-force'],
    ['rm --recursive --force build', 'rm-recursive-force'],
    ['rm -v --force -r build', 'rm-recursive-force'],
    ['/bin/rm -rf build', 'rm-recursive-force'],
    ['rm --no-preserve-root x', 'rm-recursive-force'],
    ['sudo ls', 'run-as-root'],
    ['su -', 'run-as-root'],
    ['su root -c ls', 'run-as-root'],
    ['doas reboot', 'run-as-root'],
    ['pkexec ls', 'run-as-root'],
    ['dd if=/dev/zero of=/dev/sda bs=1M', 'dd-to-device'],
    ['dd if=x.img of=/dev/nvme0n1', 'dd-to-device'],
    ['cat x.img > /dev/sda', 'write-to-device'],
    ['echo 1 >> /dev/nvme0n1p1', 'write-to-device'],
    ['tee /dev/sdb < x.img', 'write-to-device'],
    ['> /dev/sda', 'write-to-device'],
    ['exec 3> /dev/sda', 'write-to-device'],
    ['{ cat x.img; } > /dev/disk2', 'write-to-device'],
    ['cp x.img /dev/mmcblk0', 'write-to-device'],
    ['mkfs.ext4 /dev/sdb1', 'format-disk'],
    ['mkfs -t vfat /dev/sdc', 'format-disk'],
    ['wipefs -a /dev/sda', 'format-disk'],
    ['fdisk /dev/sda', 'format-disk'],
    ['shred -u secrets.txt', 'shred'],
    ['chmod -R 777 /', 'recursive-permissions'],
    ['chmod --recursive 0777 .', 'recursive-permissions'],
    ['chmod -R a+w src', 'recursive-permissions'],
    ['chown -R me /', 'recursive-permissions'],
    ['curl -fsSL https://x.sh | sh', 'download-and-run'],
    ['wget -qO- https://x.sh | bash', 'download-and-run'],
    ['curl https://x.py | python3', 'download-and-run'],
    ['curl https://x.sh | tee log | bash -s', 'download-and-run'],
    ['bash <(curl https://x.sh)', 'download-and-run'],
    ['source <(curl https://x.sh)', 'download-and-run'],
    ['git push --force', 'git-force-push'],
    ['git push -f origin main', 'git-force-push'],
    ['git push -uf origin main', 'git-force-push'],
    ['git push --force-with-lease', 'git-force-push'],
    ['git push origin +main', 'git-force-push'],
    ['git -C repo push --force', 'git-force-push'],
    ['git -c core.x=y push -f', 'git-force-push'],
    ['git reset --hard HEAD~1', 'git-reset-hard'],
    ['git clean -fd', 'git-clean-force'],
    ['git clean -xdf', 'git-clean-force'],
    ['git clean --force', 'git-clean-force'],
    ['find . -name "*.o" -delete', 'find-delete'],
  ]
  it.each(dangerous)('%s is dangerous (%s)', (command, id) => {
    expect(dangers(command)).toContain(reasonOf(id))
  })

  it.each([
    'rm x',
    'rm -r build',
    'rm -f x',
    'rm -- -rf',
    'rmdir -p a/b',
    'ls -rf',
    'dd if=/dev/zero of=disk.img',
    'dd if=x of=/dev/null',
    'cat /dev/sda',
    'echo x > /dev/null',
    'ls 2>/dev/stderr',
    'chmod 644 file',
    'chmod -R 755 src',
    'chmod +x script.sh',
    'curl https://example.com -o page.html',
    'curl https://x.sh | grep x',
    'git push',
    'git push origin main',
    'git reset --soft HEAD~1',
    'git clean -n',
    'git log --force',
    'git status',
    'find . -name x',
    'shredder',
  ])('%s is not dangerous', (command) => {
    expect(dangers(command)).toEqual([])
  })

  it('is judged on the command that runs, behind wrappers, in scripts and in function bodies', () => {
    expect(dangers('timeout 5 rm -rf /')).toContain(reasonOf('rm-recursive-force'))
    expect(dangers('nice -n 19 env A=1 git push -f')).toContain(reasonOf('git-force-push'))
    expect(dangers(`bash -c 'git reset --hard'`)).toContain(reasonOf('git-reset-hard'))
    expect(dangers('ls | xargs rm -rf')).toContain(reasonOf('rm-recursive-force'))
    expect(dangers('find . -exec rm -rf {} +')).toContain(reasonOf('rm-recursive-force'))
    expect(dangers('f() { shred x; }')).toContain(reasonOf('shred'))
  })

  it('spots fork bombs: functions that call themselves', () => {
    expect(dangers(':(){ :|:& };:').join(' ')).toMatch(/calls itself/)
    expect(dangers('bomb() { bomb | bomb & }; bomb').join(' ')).toMatch(/calls itself/)
    expect(dangers('f() { ls; }; f')).toEqual([])
  })
})
